import ArgumentParser
import Foundation
import IdentityModel
import LemmaLogic
import ModelChecker
import Prover

/// `verify-lemmas check` (the default): prove and check lemma files.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Prove every lemma and run every scenario in the given files or folders (default: Lemmas/).")

    @Argument(help: "Lemma files or folders (searched recursively for *.lemma).")
    var paths: [String] = []

    @Option(help: "Only lemmas and scenarios whose name contains this text.")
    var filter: String?

    @Flag(
        name: .customLong("allow-empty"),
        help: "Succeed when there is nothing to check (no lemma files, or a --filter nothing matches); otherwise that is an error (exit 2).")
    var allowEmpty = false

    @Option(help: "Check everything under this rule set instead of each lemma's own (\(RuleSet.all.map(\.name).joined(separator: ", "))).")
    var rules: String?

    @Option(help: "Check everything under a deliberately broken rule (\(RuleMutation.allCases.map(\.rawValue).joined(separator: ", "))).")
    var mutant: String?

    @OptionGroup var limits: SolverLimitOptions

    @Option(parsing: .unconditional, help: "Tasks run at once (solver routes, the checker's shared walks, obligations, scenarios), 1 to 256 (default: all cores).")
    var jobs: Int?

    @Option(
        name: .customLong("checker-depth"), parsing: .unconditional,
        help: "Deepest trees the explicit-state cross-check enumerates (1 to 6).")
    var checkerDepth = 3

    @Option(
        name: .customLong("checker-branching"), parsing: .unconditional,
        help: "Widest trees the explicit-state cross-check enumerates (1 to 4).")
    var checkerBranching = 2

    @Flag(
        name: .customLong("require-unbounded"),
        help: "Fail unless every 'expect holds' lemma is proved unbounded (or says 'scope bounded \"reason\"').")
    var requireUnbounded = false

    @Flag(help: "Also run the lemma set under every mutant of the rules; fail if any mutant survives.")
    var mutants = false

    @Option(help: "Check only part i of n of the lemmas and scenarios (i/n, dealt round-robin in the order of the files' paths); merge the parts' --json with `verify-lemmas merge`.")
    var shard = "1/1"

    @Option(help: "Write the JSON report to this file ('-' for standard output).")
    var json: String?

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Option(help: "Write a SARIF 2.1.0 log to this file: the lemmas not as expected and the ill-formed inputs, at their lines.")
    var sarif: String?

    @Option(help: "Print trees on which all assumptions of the lemma NAME hold (replayed), instead of checking (exit 1 when none is found).")
    var example: String?

    @Option(help: "Write each counterexample as Graphviz DOT (and SVG where `dot` is installed) into this folder.")
    var dot: String?

    @Flag(
        name: .customLong("check-proofs"),
        help: "Compare with Proofs/ and fail on any drift; z3 and cvc5 re-check every unbounded proof (unsat) and refutation certificate (sat). With --filter or --shard, only the entries of the items run and of their rule sets.")
    var checkProofs = false

    @Flag(name: .customLong("write-proofs"), help: "Record every obligation, verdict and resource count in Proofs/.")
    var writeProofs = false

    @Option(help: "The Proofs/ folder.")
    var proofs = "Proofs"

    @Flag(name: .shortAndLong, help: "Print every lemma's reasoning, paths and lifecycle trace.")
    var verbose = false

    @Flag(
        help: "Explain each lemma's verdict: for a proof, the assumptions, rules and structural axioms in Z3's minimised unsat core and the assumptions it did not need; for a refutation, which assumptions it leans on. Extra solver checks after each verdict; never changes one.")
    var explain = false

    func validate() throws {
        if let rules, RuleSet.named(rules) == nil {
            throw ValidationError("unknown rule set '\(rules)'; known: \(RuleSet.all.map(\.name).joined(separator: ", "))")
        }
        if let mutant, Mutant(name: mutant) == nil {
            throw ValidationError("unknown mutant '\(mutant)'; known: \(Mutant.all.map(\.name).joined(separator: ", "))")
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256, not \(jobs)") }
        guard (1...6).contains(checkerDepth) else { throw ValidationError("--checker-depth must be from 1 to 6, not \(checkerDepth)") }
        guard (1...4).contains(checkerBranching) else {
            throw ValidationError("--checker-branching must be from 1 to 4, not \(checkerBranching)")
        }
        if checkProofs && writeProofs { throw ValidationError("--check-proofs and --write-proofs exclude each other") }
        if allowEmpty && writeProofs {
            throw ValidationError("--allow-empty and --write-proofs exclude each other: a run with nothing to check would empty Proofs/")
        }
        guard let part = Shard(shard) else { throw ValidationError("--shard must be i/n with 1 <= i <= n, not '\(shard)'") }
        if part != .whole, mutants || writeProofs {
            throw ValidationError("--shard checks part of the set: run --mutants and --write-proofs on the whole set")
        }
        if filter != nil, writeProofs {
            throw ValidationError("--filter checks part of the set, and --write-proofs would record only that part: run --write-proofs on the whole set")
        }
        if let json, json != "-" { try OutputDestination.validateFile(json, option: "--json") }
        if let junit { try OutputDestination.validateFile(junit, option: "--junit") }
        if let sarif { try OutputDestination.validateFile(sarif, option: "--sarif") }
        if let dot { try OutputDestination.validateFolder(dot, option: "--dot") }
    }

    /// The run's configuration, as the options say.
    var verifierOptions: VerifierOptions {
        var options = VerifierOptions()
        options.filter = filter
        options.allowsEmpty = allowEmpty
        options.shard = Shard(shard) ?? .whole
        options.rules = rules.flatMap(RuleSet.named)
        mutant.flatMap(Mutant.init(name:))?.apply(to: &options)
        limits.apply(to: &options)
        if let jobs { options.jobs = jobs }
        options.checkerBound = Bound(depth: checkerDepth, branching: checkerBranching)
        options.exportScripts = checkProofs || writeProofs || json != nil
        options.requireUnbounded = requireUnbounded
        options.explains = explain
        return options
    }

    /// The files and folders to check.
    var targets: [URL] { (paths.isEmpty ? ["Lemmas"] : paths).map { URL(fileURLWithPath: $0) } }

    func run() throws {
        let options = verifierOptions
        let urls = targets
        let signals = SignalWatch.cancellingRun()
        if let example {
            guard let found = Verifier(options: options, cancellation: signals.cancellation).example(named: example, paths: urls) else {
                throw ValidationError("no well-formed lemma named '\(example)' in \(targets.map(\.relativePath).joined(separator: ", "))")
            }
            try signals.exitIfInterrupted()
            print(found.text, terminator: "")
            if found.witness == nil { throw ExitCode(1) }
            return
        }
        var report = Verifier(options: options, cancellation: signals.cancellation).run(paths: urls)
        if mutants {
            var mutantOptions = options
            mutantOptions.requireUnbounded = false
            report.mutants = Verifier(options: mutantOptions, cancellation: signals.cancellation).mutationScore(paths: urls)
        }
        try signals.exitIfInterrupted()

        if json != "-" { print(HumanReport.text(report, verbose: verbose), terminator: "") }
        try writeReports(report)
        var exitCode = report.exitCode
        if writeProofs || checkProofs {
            let store = ProofStore(folder: URL(fileURLWithPath: proofs))
            if writeProofs {
                try signals.exitIfInterrupted(afterWriting: json != nil || junit != nil || dot != nil)
                // A signal while the new folder is built leaves Proofs/ as it was (README, exit status).
                if try store.write(report, proceed: { signals.signalReceived == nil }) { print("wrote \(proofs)/") }
            } else {
                let drift = try store.check(report) + (try SecondSolvers().check(report)).map { "second solver: \($0)" }
                if drift.isEmpty {
                    if options.filter == nil && options.shard == .whole {
                        print("proofs: no drift from \(proofs)/; z3 and cvc5 agree with every unbounded proof and refutation")
                    } else {
                        print("proofs: no drift from \(proofs)/ in the entries of the items run (\(Self.part(options))); z3 and cvc5 agree with their unbounded proofs and refutations")
                    }
                } else {
                    print("proofs: drift from \(proofs)/ (regenerate with --write-proofs if intended):")
                    drift.forEach { print("  \($0)") }
                    exitCode = max(exitCode, 1)
                }
            }
        }
        try signals.exitIfInterrupted(afterWriting: true)
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// The part of the set a run with `options` checks, as its options say.
    private static func part(_ options: VerifierOptions) -> String {
        ([options.filter.map { "--filter '\($0)'" }] + [options.shard == .whole ? nil : "--shard \(options.shard)"]).compactMap { $0 }
            .joined(separator: ", ")
    }

    private func writeReports(_ report: RunReport) throws {
        if let json {
            let data = try JSONReport.data(report)
            if json == "-" {
                FileHandle.standardOutput.write(data)
                FileHandle.standardOutput.write(Data("\n".utf8))
            } else {
                try data.write(to: URL(fileURLWithPath: json), options: .atomic)
            }
        }
        if let junit { try Data(JUnitReport.xml(report).utf8).write(to: URL(fileURLWithPath: junit), options: .atomic) }
        if let sarif { try SARIFReport.data(report, toolVersion: VerifyLemmas.toolVersion).write(to: URL(fileURLWithPath: sarif), options: .atomic) }
        if let dot { try DotFolder(path: dot).write(report) }
    }
}
