import Foundation
import IdentityModel
import LemmaLogic
import Prover

/// The machine-readable report CI and other tools rely on. `schemaVersion` changes whenever a key
/// changes meaning or goes away; keys may be added without it.
package enum JSONReport {
    /// The version of the report's shape (docs/report.schema.json): 2 added scope details,
    /// certificates, witnesses, vacuity and mutants to version 1; 3 made counterexamples structured
    /// (renders with held values, bound paths, the failing render, the trace as events), added
    /// `column`, `expectedVerdict`, `requiredScope` and the input diagnostics; 4 made `expected` and
    /// `expectedVerdict` null for an item without a readable `expect` (they said `holds`); 5 added
    /// `groundCheck`, a passing scenario's second route as a code.
    package static let schemaVersion = 5

    struct Document: Encodable {
        let schemaVersion = JSONReport.schemaVersion
        var z3Version: String
        var ruleSet: String
        var seconds: Double
        var exitCode: Int32
        var lemmas: [Entry]
        var diagnostics: [DiagnosticJSON]
        var reductions: [Reduction]
        /// How many lemmas came out vacuous.
        var vacuous: Int
        var unexercisedRules: [String]
        /// The mutation score (`--mutants`), or `null` when not asked for.
        @ExplicitNull var mutants: [Mutant]? = nil
        /// What the run covers; left out of golden files, which hold a slice of a run.
        var coverage: RunCoverage?
    }

    struct Mutant: Encodable {
        var name: String
        var killed: Bool
        var notApplicable: Bool
        var killers: [String]
    }

    struct Entry: Encodable {
        var name: String
        var kind: String
        var file: String
        var line: Int
        var column: Int
        var rules: String
        /// `holds`, `refuted`, or `nil` for an item without a readable `expect`.
        @ExplicitNull var expected: String? = nil
        /// The verdict `expected` asks for: `holds` pairs with `proved`, `refuted` with `refuted`.
        @ExplicitNull var expectedVerdict: String? = nil
        /// `unbounded` when the run requires an unbounded proof of this lemma.
        @ExplicitNull var requiredScope: String? = nil
        var verdict: String
        var asExpected: Bool
        @ExplicitNull var scope: String? = nil
        @ExplicitNull var bound: BoundJSON? = nil
        var seconds: Double
        @ExplicitNull var counterexample: CounterexampleJSON? = nil
        var message: String
        @ExplicitNull var resourceCount: Int? = nil
        var obligations: [String]
        @ExplicitNull var witness: CounterexampleJSON? = nil
        @ExplicitNull var certificate: CertificateJSON? = nil
        /// Only in runs that explain (`--explain`).
        var explanation: ExplanationJSON?
        /// A scenario's `expect refuted by NAME, …` (empty otherwise).
        var refutedBy: [String]
        /// A refuted scenario's failed checks (empty otherwise).
        var failedChecks: [FailedCheckJSON]
        /// An unknown's or an error's reason as a stable code (`null` for any other verdict).
        @ExplicitNull var reasonCode: String? = nil
        /// That reason in words (`null` for any other verdict, and without times).
        @ExplicitNull var reasonDetail: String? = nil
        /// What a scenario whose checks passed had from Z3's ground encoding (`null` otherwise).
        @ExplicitNull var groundCheck: GroundCheckJSON? = nil
        /// Only when the checker's budget stopped the item's walk (whatever the verdict): its code
        /// and the cases it examined.
        var checkerStop: CheckerStopJSON? = nil
    }

    /// Where the checker's budget stopped a walk: its code (`checker-case-limit`, `checker-time-limit`)
    /// and the cases examined, the first in the walk's order.
    struct CheckerStopJSON: Encodable {
        var code: String
        var examined: Int
    }

    /// A scenario's ground check: its code (`agreed`, `not-local`) and, when it agreed, how many
    /// values of which kind (`identities`, `body-verdicts`) it compared.
    struct GroundCheckJSON: Encodable {
        var code: String
        @ExplicitNull var count: Int? = nil
        @ExplicitNull var compared: String? = nil

        init(_ check: GroundCheck) {
            code = check.code
            if case .agreed(let count, let compared) = check { (self.count, self.compared) = (count, compared.rawValue) }
        }
    }

    /// A scenario's check that failed: its name (`null` without one), what it asks, where, what was
    /// found as a code (`code`, with the view it is about, `label`) and in words (`found`).
    struct FailedCheckJSON: Encodable {
        @ExplicitNull var name: String? = nil
        var check: String
        var line: Int
        var column: Int
        var code: String
        @ExplicitNull var label: String? = nil
        var found: String

        init(_ failed: FailedCheck) {
            (name, check, line, column) = (failed.name, failed.check, failed.line, failed.column)
            (code, label, found) = (failed.found.code, failed.found.label, ReasonText.sentence(failed.found))
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

    /// A counterexample (or a witness) with its structure: every render with the state each view
    /// holds after it, the views the path variables name, where their identities first differ,
    /// the render where it goes wrong, and the lifecycle events.
    struct CounterexampleJSON: Encodable {
        var origin: String
        var renders: [RenderJSON]
        var paths: [PathJSON]
        @ExplicitNull var firstDifference: DifferenceJSON? = nil
        @ExplicitNull var failure: FailureJSON? = nil
        var trace: [EventJSON]
        /// The paths as the solver or checker printed them.
        var solverPaths: [String]
        /// An invalidation lemma's named views at each transition.
        var verdicts: [VerdictJSON]

        init(_ example: Counterexample) {
            origin = "\(example.origin)"
            renders = example.renders.enumerated().map { index, render in
                RenderJSON(
                    index: index, name: render.name, code: render.code,
                    views: index < example.held.count ? example.held[index].map(ViewJSON.init) : [])
            }
            paths = example.bound.map { PathJSON($0, renderName: example.renders.indices.contains($0.render) ? example.renders[$0.render].name : "") }
            if let element = example.differingElement, let text = example.firstDifference {
                firstDifference = DifferenceJSON(element: element, description: text)
            }
            failure = example.failure.map { FailureJSON(render: $0.render, renderName: example.renders.indices.contains($0.render) ? example.renders[$0.render].name : "", reason: $0.reason) }
            trace = example.events.map(EventJSON.init)
            solverPaths = example.paths
            verdicts = example.verdicts.map {
                VerdictJSON($0, renderName: example.renders.indices.contains($0.after) ? example.renders[$0.after].name : "")
            }
        }
    }

    struct VerdictJSON: Encodable {
        var variable: String
        var label: String
        var transition: Int
        var render: Int
        var renderName: String
        var evaluated: Bool
        var reason: String
        var rules: [String]
        @ExplicitNull var parentEvaluated: Bool? = nil
        var survives: Bool
        @ExplicitNull var difference: String? = nil

        init(_ verdict: ViewVerdict, renderName: String) {
            variable = verdict.variable
            label = verdict.label
            transition = verdict.transition
            render = verdict.after
            self.renderName = renderName
            evaluated = verdict.evaluated
            reason = verdict.reason
            rules = verdict.rules
            parentEvaluated = verdict.parentEvaluated
            survives = verdict.survives
            difference = verdict.difference
        }
    }

    struct RenderJSON: Encodable {
        var index: Int
        var name: String
        var code: String
        var views: [ViewJSON]
    }

    struct ViewJSON: Encodable {
        @ExplicitNull var label: String? = nil
        var identity: [String]
        var initialValue: Int
        var held: Int
        @ExplicitNull var outcome: String? = nil

        init(_ state: HeldState) {
            label = state.label
            identity = state.identity.elements.map(\.description)
            initialValue = state.initialValue
            held = state.held
            outcome = state.outcome?.rawValue
        }
    }

    struct PathJSON: Encodable {
        var variable: String
        var render: Int
        var renderName: String
        @ExplicitNull var label: String? = nil
        var steps: [String]
        var leafType: String
        var identity: [String]
        var initialValue: Int
        var state: Int

        init(_ view: BoundView, renderName: String) {
            variable = view.variable
            render = view.render
            self.renderName = renderName
            label = view.label
            steps = view.steps
            leafType = view.leafType.rawValue
            identity = view.identity.elements.map(\.description)
            initialValue = view.initialValue
            state = view.state
        }
    }

    struct DifferenceJSON: Encodable {
        var element: Int
        var description: String
    }

    struct FailureJSON: Encodable {
        var render: Int
        var renderName: String
        var reason: String
    }

    struct EventJSON: Encodable {
        var render: Int
        var event: String
        @ExplicitNull var label: String? = nil
        var identity: [String]

        init(_ event: LifecycleEvent) {
            render = event.generation
            self.event = event.kind.rawValue
            label = event.label
            identity = event.identity.elements.map(\.description)
        }
    }

    /// An ill-formed input: where, which diagnostic, what.
    struct DiagnosticJSON: Encodable {
        var id: String
        var severity: String
        var message: String
        @ExplicitNull var file: String? = nil
        @ExplicitNull var line: Int? = nil
        @ExplicitNull var column: Int? = nil
        var cause: String?
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
    /// (seconds, resource counts, messages with transition counts) and the run's coverage, for
    /// golden files.
    package static func data(_ report: RunReport, includeTimes: Bool = true) throws -> Data {
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
                name: lemma.name, kind: lemma.kind.rawValue, file: lemma.file, line: lemma.line, column: lemma.column,
                rules: lemma.rules, expected: lemma.expected?.rawValue, expectedVerdict: lemma.expectedVerdict?.rawValue,
                requiredScope: lemma.requiresUnbounded && lemma.expected == .holds ? "unbounded" : nil, verdict: lemma.verdict.rawValue, asExpected: lemma.asExpected,
                scope: scope, bound: bound, seconds: includeTimes ? lemma.seconds : 0, counterexample: counterexample,
                message: includeTimes ? lemma.message : "",
                resourceCount: includeTimes ? lemma.resourceCount : nil, obligations: lemma.obligations,
                witness: lemma.witness.map(CounterexampleJSON.init), certificate: includeTimes ? CertificateJSON(lemma) : nil,
                explanation: lemma.explanation.map { ExplanationJSON($0, includeCosts: includeTimes) },
                refutedBy: lemma.refutedBy, failedChecks: lemma.failedChecks.map(FailedCheckJSON.init),
                reasonCode: lemma.outcome.reasonCode, reasonDetail: includeTimes ? ReasonText.sentence(lemma.outcome) : nil,
                groundCheck: lemma.groundCheck.map(GroundCheckJSON.init), checkerStop: lemma.checkerStop.map { CheckerStopJSON(code: $0.code, examined: $0.examined) })
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
            exitCode: report.exitCode, lemmas: entries,
            diagnostics: report.problems.map {
                DiagnosticJSON(
                    id: $0.id, severity: $0.severity, message: $0.message, file: $0.file, line: $0.line, column: $0.column, cause: $0.cause)
            },
            reductions: reductions,
            vacuous: report.lemmas.filter { $0.verdict == .vacuous }.count, unexercisedRules: report.unexercisedRules,
            mutants: report.mutants?.map { Mutant(name: $0.mutation.name, killed: $0.killed, notApplicable: $0.notApplicable, killers: $0.killers) },
            coverage: includeTimes ? report.coverage : nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}
