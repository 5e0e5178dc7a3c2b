import Foundation
import LemmaLogic

/// The machine-readable report CI and other tools rely on. `schemaVersion` changes whenever a key
/// changes meaning or goes away; keys may be added without it.
public enum JSONReport {
    /// The version of the report's shape: 2 added scope details, certificates, witnesses, vacuity and
    /// mutants to the shape of version 1.
    public static let schemaVersion = 2

    struct Document: Encodable {
        var z3Version: String
        var ruleSet: String
        var seconds: Double
        var exitCode: Int32
        var lemmas: [Entry]
        var reductions: [Reduction]
        /// How many lemmas came out vacuous.
        var vacuous: Int
        var unexercisedRules: [String]
        /// The mutation score (`--mutants`), or `null` when not asked for.
        var mutants: [Mutant]?

        enum CodingKeys: String, CodingKey {
            case schemaVersion, z3Version, ruleSet, seconds, exitCode, lemmas, reductions, vacuous, unexercisedRules, mutants
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(JSONReport.schemaVersion, forKey: .schemaVersion)
            try container.encode(z3Version, forKey: .z3Version)
            try container.encode(ruleSet, forKey: .ruleSet)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(exitCode, forKey: .exitCode)
            try container.encode(lemmas, forKey: .lemmas)
            try container.encode(reductions, forKey: .reductions)
            try container.encode(vacuous, forKey: .vacuous)
            try container.encode(unexercisedRules, forKey: .unexercisedRules)
            try container.encode(mutants, forKey: .mutants)
        }
    }

    struct Mutant: Encodable {
        var name: String
        var killed: Bool
        var killers: [String]
    }

    struct Entry: Encodable {
        var name: String
        var kind: String
        var file: String
        var line: Int
        var rules: String
        var expected: String
        var verdict: String
        var asExpected: Bool
        var scope: String?
        var bound: BoundJSON?
        var seconds: Double
        var counterexample: CounterexampleJSON?
        var message: String
        var resourceCount: Int?
        var obligations: [String]
        var witness: CounterexampleJSON?
        var certificate: CertificateJSON?

        enum CodingKeys: String, CodingKey {
            case name, kind, file, line, rules, expected, verdict, asExpected, scope, bound, seconds, counterexample,
                message, resourceCount, obligations, witness, certificate
        }

        /// Absent values are written as `null`: tools rely on every key being there.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(kind, forKey: .kind)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(rules, forKey: .rules)
            try container.encode(expected, forKey: .expected)
            try container.encode(verdict, forKey: .verdict)
            try container.encode(asExpected, forKey: .asExpected)
            try container.encode(scope, forKey: .scope)
            try container.encode(bound, forKey: .bound)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(counterexample, forKey: .counterexample)
            try container.encode(message, forKey: .message)
            try container.encode(resourceCount, forKey: .resourceCount)
            try container.encode(obligations, forKey: .obligations)
            try container.encode(witness, forKey: .witness)
            try container.encode(certificate, forKey: .certificate)
        }
    }

    /// What a bounded proof covers: the most steps per path Z3 searched.
    struct BoundJSON: Encodable {
        var pathSteps: Int

        init(_ scope: BoundedScope) {
            switch scope {
            case .pathLength(let steps): pathSteps = steps
            }
        }
    }

    /// What another solver re-checks: an unbounded proof's query (`unsat`, with the reduction
    /// obligations listed in `obligations`) or a refutation's certificate (`sat`). Present when the
    /// run exported scripts (`--json`, `--check-proofs`, `--write-proofs`).
    struct CertificateJSON: Encodable {
        var expect: String
        var smtlib: String

        init?(_ lemma: LemmaReport) {
            if lemma.verdict == .proved, lemma.scope == .unbounded, let script = lemma.script {
                expect = "unsat"
                smtlib = script
            } else if lemma.verdict == .refuted, let certificate = lemma.certificate {
                expect = "sat"
                smtlib = certificate
            } else {
                return nil
            }
        }
    }

    struct CounterexampleJSON: Encodable {
        var before: String
        var after: String
        var renders: [String: String]
        var firstDifference: String?
        var trace: [String]
        var paths: [String]
        var origin: String

        init(_ example: Counterexample) {
            before = example.renders.first?.code ?? ""
            after = example.renders.dropFirst().last?.code ?? ""
            renders = Dictionary(example.renders.map { ($0.name, $0.code) }, uniquingKeysWith: { $1 })
            firstDifference = example.firstDifference
            trace = example.trace
            paths = example.paths
            origin = example.origin.rawValue
        }
    }

    struct Reduction: Encodable {
        var rules: String
        var obligations: [Obligation]
    }

    struct Obligation: Encodable {
        var id: String
        var verdict: String
        var resourceCount: Int
        var seconds: Double
    }

    /// The report as pretty-printed JSON; `includeTimes: false` leaves out what varies between runs
    /// (seconds, resource counts, messages with transition counts), for golden files.
    public static func data(_ report: RunReport, includeTimes: Bool = true) throws -> Data {
        let entries = report.lemmas.map { lemma -> Entry in
            var bound: BoundJSON?
            var scope: String?
            switch lemma.scope {
            case .unbounded?: scope = "unbounded"
            case .bounded(let value)?:
                scope = "bounded"
                bound = BoundJSON(value)
            case nil: scope = nil
            }
            let counterexample = lemma.counterexample.map(CounterexampleJSON.init)
            return Entry(
                name: lemma.name, kind: lemma.kind.rawValue, file: lemma.file, line: lemma.line, rules: lemma.rules,
                expected: lemma.expected.rawValue, verdict: lemma.verdict.rawValue, asExpected: lemma.asExpected,
                scope: scope, bound: bound, seconds: includeTimes ? lemma.seconds : 0, counterexample: counterexample,
                message: includeTimes ? lemma.message : "",
                resourceCount: includeTimes ? lemma.resourceCount : nil, obligations: lemma.obligations,
                witness: lemma.witness.map(CounterexampleJSON.init), certificate: includeTimes ? CertificateJSON(lemma) : nil)
        }
        let reductions = report.reductions.map { status in
            Reduction(rules: status.rules.name, obligations: status.results.map {
                Obligation(
                    id: $0.obligation.id, verdict: $0.verdict.description,
                    resourceCount: includeTimes ? $0.resourceCount : 0, seconds: includeTimes ? $0.seconds : 0)
            })
        }
        let document = Document(
            z3Version: report.z3Version, ruleSet: report.ruleSet, seconds: includeTimes ? report.seconds : 0,
            exitCode: report.exitCode, lemmas: entries, reductions: reductions,
            vacuous: report.lemmas.filter { $0.verdict == .vacuous }.count, unexercisedRules: report.unexercisedRules,
            mutants: report.mutants?.map { Mutant(name: $0.mutation.name, killed: $0.killed, killers: $0.killers) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}
