import ArgumentParser
import Artifacts
import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker
import Prover
import Reports

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

    @Option(help: "Check everything under these rules instead of each item's own: \(RulesArgument.accepted).")
    var rules: String?

    @Option(help: "Check everything under a deliberately broken rule (\(Mutant.all.count): \(Mutant.all.map(\.name).joined(separator: ", "))).")
    var mutant: String?

    @OptionGroup var limits: SolverLimitOptions

    @Option(parsing: .unconditional, help: "Tasks run at once (solver routes, the checker's shared walks, obligations, scenarios), 1 to 256 (default: all cores); with fewer jobs than cores, the identity checker's walk splits over cores / jobs workers.")
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
        help: "Compare with Proofs/ and fail on any drift (exit 1); z3 and cvc5 re-check every unbounded proof and proved obligation (unsat) and refutation certificate (sat): another answer or a failure is a drift, no answer within the limit or `unknown` is listed as inconclusive and leaves the exit status as it was (the entry stands by the run's Z3). With --filter, --shard or paths inside Lemmas/, only the entries of the items run and of their rule sets; --filter also runs the lemmas the matching ones use.")
    var checkProofs = false

    @Flag(name: .customLong("write-proofs"), help: "Record every obligation, verdict and resource count in Proofs/.")
    var writeProofs = false

    @Option(help: "The Proofs/ folder.")
    var proofs = "Proofs"

    @Flag(
        name: .customLong("write-toc"),
        help: "Once every item is as expected, write the table of contents of Lemmas/README.md as `toc --write` does: adding a lemma is `verify-lemmas Lemmas/DIR/FILE.lemma --write-toc`.")
    var writeToc = false

    @Flag(name: .shortAndLong, help: "Print every lemma's reasoning, paths and lifecycle trace.")
    var verbose = false

    @Flag(
        help: "Print only what is not as expected (items, reductions, surviving mutants), the input's diagnostics and the summary, and no progress line on standard error (shown on a terminal once a run takes two seconds, and every ten seconds in a log).")
    var quiet = false

    @Flag(
        help: "Explain each lemma's verdict: for a proof, the assumptions, rules and structural axioms in Z3's minimised unsat core and the assumptions it did not need; for a refutation, which assumptions it leans on. Extra solver checks after each verdict; never changes one.")
    var explain = false

    func validate() throws {
        try UsageError.validating {
            let selection = try rules.map(RulesArgument.selection)
            if let mutant, Mutant(name: mutant) == nil {
                throw UsageError(.unknownMutant, "unknown mutant '\(mutant)'; known: \(Mutant.all.map(\.name).joined(separator: ", "))")
            }
            if let selection, let carried = mutationReplaced(in: selection) {
                throw UsageError(
                    .mutantReplacesRuleSetMutant, "\(mutants ? "--mutants" : "--mutant \(mutant ?? "")"): the rule set of --rules \(rules ?? "") already applies the mutant "
                        + "\(carried), which a mutant of its layer would replace (a rule set carries one mutant per layer)")
            }
            if let jobs, !(1...256).contains(jobs) { throw UsageError(.valueOutOfRange, "--jobs must be from 1 to 256, not \(jobs)") }
            guard (1...6).contains(checkerDepth) else { throw UsageError(.valueOutOfRange, "--checker-depth must be from 1 to 6, not \(checkerDepth)") }
            guard (1...4).contains(checkerBranching) else {
                throw UsageError(.valueOutOfRange, "--checker-branching must be from 1 to 4, not \(checkerBranching)")
            }
            if checkProofs && writeProofs { throw UsageError(.exclusiveOptions, "--check-proofs and --write-proofs exclude each other") }
            if allowEmpty && writeProofs {
                throw UsageError(.exclusiveOptions, "--allow-empty and --write-proofs exclude each other: a run with nothing to check would empty Proofs/")
            }
            guard let part = Shard(shard) else { throw UsageError(.badShard, "--shard must be i/n with 1 <= i <= n, not '\(shard)'") }
            if part != .whole, mutants || writeProofs {
                throw UsageError(.partOfTheSet, "--shard checks part of the set: run --mutants and --write-proofs on the whole set")
            }
            if writeProofs, rules != nil || mutant != nil {
                throw UsageError(
                    .proofsUnderOwnRules, "--write-proofs records the proofs of each item under its own rules: run it without --rules and --mutant "
                        + "(--check-proofs compares a variant's run with them)")
            }
            if filter != nil, writeProofs {
                throw UsageError(.partOfTheSet, "--filter checks part of the set, and --write-proofs would record only that part: run --write-proofs on the whole set")
            }
            if writeToc, example != nil { throw UsageError(.exclusiveOptions, "--write-toc writes the table of contents after a run, and --example runs nothing") }
            if writeToc, [json, junit, sarif].contains("-") {
                throw UsageError(.exclusiveOptions, "--write-toc prints what it wrote on standard output, where a report is asked for ('-')")
            }
            if readsPartOfTheRecordedSet, writeProofs {
                throw UsageError(
                    .partOfTheSet, "\(paths.joined(separator: " ")) is part of Lemmas/, whose proofs \(proofs)/ records, and --write-proofs would record only "
                        + "that part: run --write-proofs without paths (or give another --proofs folder)")
            }
            try outputPlan.validate()
        }
    }

    /// The mutation `selection` carries that this run's `--mutant` or `--mutants` would replace:
    /// a run under it would be named after both and apply only the later.
    private func mutationReplaced(in selection: RuleSelection) -> String? {
        let identity = selection.identity?.mutation?.rawValue
        let invalidation = selection.invalidation?.mutation?.rawValue
        if mutants { return identity ?? invalidation }
        switch mutant.flatMap(Mutant.init(name:)) {
        case .identity?: return identity
        case .invalidation?: return invalidation
        case nil: return nil
        }
    }

    /// The run's destinations and inputs.
    var outputPlan: OutputPlan {
        var plan = OutputPlan()
        plan.file(json, option: "--json")
        plan.file(junit, option: "--junit")
        plan.file(sarif, option: "--sarif")
        plan.folder(dot, option: "--dot")
        if writeProofs { plan.folder(proofs, option: "--proofs", replaced: true) }
        plan.inputs = targets.map { OutputPlan.Input(path: $0.path, fileExtension: "lemma") }
        if let rules, RuleSelection.named(rules) == nil { plan.inputs.append(OutputPlan.Input(path: rules, role: "the rule-set file")) }
        if checkProofs { plan.inputs.append(OutputPlan.Input(path: proofs, role: "the recorded proofs")) }
        return plan
    }

    /// The run's configuration, as the options say; a `--rules` file that can no longer be read
    /// (it was read when the options were validated) is an error, never a run under each item's own rules.
    func verifierOptions() throws -> VerifierOptions {
        var options = VerifierOptions()
        options.filter = filter
        options.filterRunsUsedLemmas = checkProofs
        options.allowsEmpty = allowEmpty
        options.shard = Shard(shard) ?? .whole
        if let rules { options.select(try RulesArgument.selection(rules)) }
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

    /// Whether the paths name part of `Lemmas/` (files or subfolders of it, not it) while the proofs
    /// folder is the default one, which records the whole of `Lemmas/`: such a run answers only for
    /// its own items' entries (as a `--filter` run), and must not rewrite the folder.
    var readsPartOfTheRecordedSet: Bool {
        Self.standardPath(proofs) == Self.standardPath("Proofs") && readsPartOfLemmas
    }

    /// Whether the paths name some of `Lemmas/`'s files or folders, not all of it: `--check-proofs`
    /// then answers for the entries of the items it ran alone, whichever `--proofs` folder it reads
    /// (a copy of `Proofs/` records the whole set too), so an entry of another file is not "gone".
    var readsPartOfLemmas: Bool {
        let root = Self.standardPath("Lemmas")
        let inside = paths.map(Self.standardPath).filter { $0 == root || $0.hasPrefix(root + "/") }
        return !inside.isEmpty && !inside.contains(root)
    }

    /// `path` as an absolute path with `.` and `..` resolved, so that two spellings compare equal.
    private static func standardPath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    func run() throws {
        var options = try verifierOptions()
        let urls = targets
        let signals = SignalWatch.cancellingRun()
        if let example {
            guard let found = Verifier(options: options, cancellation: signals.cancellation).example(named: example, paths: urls) else {
                throw UsageError(.unknownExampleLemma, "no well-formed lemma named '\(example)' in \(targets.map(\.relativePath).joined(separator: ", "))")
            }
            try signals.exitIfInterrupted()
            StandardOutput.print(found.text, terminator: "")
            if found.witness == nil { throw ExitCode(1) }
            return
        }
        let display = quiet ? nil : RunProgressDisplay(RunProgress())
        options.progress = display?.progress
        display?.start()
        var report = Verifier(options: options, cancellation: signals.cancellation).run(paths: urls)
        if mutants {
            var mutantOptions = options
            mutantOptions.requireUnbounded = false
            report.mutants = Verifier(options: mutantOptions, cancellation: signals.cancellation).mutationScore(paths: urls, reference: report)
        }
        display?.stop()
        try signals.exitIfInterrupted()

        if json != "-" {
            // A signal while the text is built (seconds for 100,000 items in a debug build) ends the run there.
            let text = HumanReport.text(report, verbose: verbose, quiet: quiet) { signals.signalReceived != nil }
            try signals.exitIfInterrupted()
            StandardOutput.print(text, terminator: "")
        }
        var exitCode = report.exitCode
        if !writeReports(report, unless: signals) { exitCode = 2 }
        // With the JSON report on standard output, the lines about Proofs/ go to standard error.
        func say(_ line: String) {
            if json == "-" { StandardError.write(line + "\n") } else { StandardOutput.print(line) }
        }
        if writeProofs || checkProofs {
            let store = ProofStore(folder: URL(fileURLWithPath: proofs))
            if writeProofs {
                try signals.exitIfInterrupted(afterWriting: json != nil || junit != nil || dot != nil)
                // A signal while the new folder is built leaves Proofs/ as it was (README, exit status).
                do {
                    if try store.write(report, proceed: { signals.signalReceived == nil }) { say("wrote \(proofs)/") }
                } catch {
                    StandardError.write(
                        RunEnd(.proofsNotWritten, "verify-lemmas: --proofs \(proofs): could not write the proofs: \(ReportFile.reason(error)); \(proofs)/ is as it was")
                            .line)
                    exitCode = 2
                }
            } else {
                let problems = try SecondSolvers().check(report)
                let drift = try store.check(report, partOfTheSet: readsPartOfLemmas).map(\.description)
                    + problems.filter(\.isDrift).map { "second solver: \($0)" }
                // A script a solver left unanswered is not re-checked: said as such, not as a drift.
                let inconclusive = problems.filter { !$0.isDrift }
                let agreed = inconclusive.isEmpty
                    ? "z3 and cvc5 agree with \(agreement(SecondSolvers.coverage(of: report)))"
                    : "z3 and cvc5 agree with \(agreement(SecondSolvers.coverage(of: report))), except \(inconclusive.count) "
                        + "answer\(inconclusive.count == 1 ? "" : "s") missing (below)"
                if drift.isEmpty {
                    if options.filter == nil && options.shard == .whole && !readsPartOfLemmas {
                        say("proofs: no drift from \(proofs)/; \(agreed)")
                    } else {
                        say("proofs: no drift from \(proofs)/ in the entries of the items run (\(part(options))); \(agreed)")
                    }
                } else {
                    say("proofs: drift from \(proofs)/ (regenerate with --write-proofs if intended):")
                    drift.forEach { say("  \($0)") }
                    exitCode = max(exitCode, 1)
                }
                if !inconclusive.isEmpty {
                    say("proofs: inconclusive, not a drift (a second solver gave no answer; re-run on a less loaded machine):")
                    inconclusive.forEach { say("  second solver: \($0)") }
                }
            }
        }
        try signals.exitIfInterrupted(afterWriting: true)
        if writeToc {
            guard exitCode == 0 else {
                StandardError.write(
                    TocFailure(.runNotAsExpected, "verify-lemmas: --write-toc: the table of contents is not written, since not every item is as expected").line)
                throw ExitCode(exitCode)
            }
            try Toc.parse(["--write"]).run()
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// The part of the set a run with `options` checks, as its options say.
    /// What z3 and cvc5 re-checked, counted: a refutation of the explicit-state checker alone has
    /// no certificate (its counterexample is replayed instead), so "every refutation" would overstate it.
    private func agreement(_ coverage: SecondSolvers.Coverage) -> String {
        let others = coverage.certificates < coverage.refutations ? "; the others are replayed counterexamples" : ""
        return "every unbounded proof (\(coverage.unboundedProofs), obligations included) and refutation certificate "
            + "(\(coverage.certificates) of \(coverage.refutations) refutations\(others))"
    }

    private func part(_ options: VerifierOptions) -> String {
        ([readsPartOfLemmas ? paths.joined(separator: " ") : nil, options.filter.map { "--filter '\($0)'" }]
            + [options.shard == .whole ? nil : "--shard \(options.shard)"]).compactMap { $0 }
            .joined(separator: ", ")
    }

    /// Writes every report asked for, each whole or not at all; a report that cannot be written is
    /// said on standard error and does not stop the others. Returns whether all were written.
    private func writeReports(_ report: RunReport, unless signals: SignalWatch) -> Bool {
        var written = true
        func attempt(_ option: String, _ path: String, _ write: () throws -> Void) {
            // After a signal no further report is begun; the run ends with 128 + the signal.
            guard signals.signalReceived == nil else { return }
            do {
                try write()
            } catch let failure as ReportFile.Failure {
                StandardError.write("\(failure)\n")
                written = false
            } catch {
                StandardError.write("\(ReportFile.Failure(option: option, path: path, reason: ReportFile.reason(error)))\n")
                written = false
            }
        }
        if let json {
            attempt("--json", json) {
                let data = try JSONReport.data(report) + Data("\n".utf8)
                if json == "-" { StandardOutput.write(data) } else { try ReportFile.write(data, to: json, option: "--json") }
            }
        }
        if let junit { attempt("--junit", junit) { try ReportFile.write(JUnitReport.xml(report), to: junit, option: "--junit") } }
        if let sarif {
            attempt("--sarif", sarif) {
                try ReportFile.write(try SARIFReport.data(report, toolVersion: VerifyLemmas.toolVersion), to: sarif, option: "--sarif")
            }
        }
        if let dot { attempt("--dot", dot) { try DotFolder(path: dot).write(report) } }
        return written
    }
}
