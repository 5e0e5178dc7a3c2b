import ArgumentParser
import Foundation
import LemmaLanguage
import Prover
import Reports

/// `verify-lemmas diff-rules A B`: the lemmas and scenarios whose verdict differs between two rule
/// sets (named, or rule-set files), with both verdicts and the counterexample that tells them apart.
/// Each verdict is the one a check run with `--rules` gives (vacuity included: a lemma whose
/// assumptions no trees satisfy under one set is `vacuous` there, not `proved`), and an unknown or
/// error says why. Each side's reduction and locality obligations are listed with how many were
/// proved; a note says when the two sides replace different layers (identity, invalidation), since
/// items then differ also by their own rules in the layer only one side replaces.
struct DiffRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff-rules",
        abstract: "Run every lemma and scenario under two rule sets and list those whose verdict differs.",
        discussion: "Each side is " + RulesArgument.accepted
            + ". Exit status: 0 the run completed (whether or not verdicts differ), 2 bad input.")

    @Argument(help: "The first rule set: a name or a rule-set file.")
    var first: String

    @Argument(help: "The second rule set: a name or a rule-set file.")
    var second: String

    @Argument(help: "Lemma files or folders (default: Lemmas/).")
    var paths: [String] = []

    @OptionGroup var limits: SolverLimitOptions

    @Flag(help: "Write the differences as JSON on standard output instead of text (README.md, \"diff-rules\").")
    var json = false

    @Flag(help: "No progress line on standard error (shown for each side's run as by check: on a terminal once it takes two seconds, and every ten seconds in a log).")
    var quiet = false

    func validate() throws {
        try UsageError.validating {
            for text in [first, second] { _ = try RulesArgument.selection(text) }
        }
    }

    func run() throws {
        let urls = (paths.isEmpty ? ["Lemmas"] : paths).map { URL(fileURLWithPath: $0) }
        let (one, two) = (try RulesArgument.selection(first), try RulesArgument.selection(second))
        let signals = SignalWatch.cancellingRun()
        let reports = [one, two].map { selection -> RunReport in
            var options = VerifierOptions()
            options.select(selection)
            limits.apply(to: &options)
            let display = quiet ? nil : RunProgressDisplay(RunProgress())
            options.progress = display?.progress
            display?.start()
            defer { display?.stop() }
            return Verifier(options: options, cancellation: signals.cancellation).run(paths: urls)
        }
        try signals.exitIfInterrupted()
        if reports[0].hasInputErrors {
            print(reports[0].diagnostics.joined(separator: "\n"))
            throw ExitCode(2)
        }
        let diff = DiffRulesReport(
            firstName: first, firstLayers: Self.layerNames(one), first: reports[0],
            secondName: second, secondLayers: Self.layerNames(two), second: reports[1])
        if json {
            StandardOutput.write(try diff.json() + Data("\n".utf8))
            return
        }
        for difference in diff.differences {
            let lemma = difference.first
            print("\(lemma.name)  \(lemma.file):\(lemma.line)")
            for (name, report) in [(first, lemma), (second, difference.second)] {
                print("  \(name): \(report.verdict.rawValue)\(report.scope.map { " [\($0)]" } ?? "")")
                if let reason = ReasonText.sentence(report.outcome) { print("    \(reason)") }
                if let counterexample = report.counterexample {
                    CounterexampleText.lines(counterexample, verbose: false).forEach { print("    " + $0) }
                }
            }
        }
        for (name, report) in [(first, reports[0]), (second, reports[1])] {
            for line in Self.obligationLines(report) { print("\(name): \(line)") }
        }
        if !diff.sameLayers {
            print("note: \(first) replaces \(Self.layers(one)) and \(second) \(Self.layers(two)); an item keeps its own rules in a layer a side does not replace")
        }
        print("\(diff.differences.count) of \(diff.itemCount) items differ between \(first) and \(second)")
    }

    /// The layers `selection` replaces: `identity`, `invalidation`.
    private static func layerNames(_ selection: RuleSelection) -> [String] {
        (selection.identity == nil ? [] : ["identity"]) + (selection.invalidation == nil ? [] : ["invalidation"])
    }

    /// The layers `selection` replaces, in words.
    private static func layers(_ selection: RuleSelection) -> String {
        switch (selection.identity, selection.invalidation) {
        case (.some, .some): return "the identity and the invalidation rules"
        case (.some, nil): return "the identity rules only"
        case (nil, .some): return "the invalidation rules only"
        case (nil, nil): return "no rules"
        }
    }

    /// One line per rule set whose obligations the run discharged: how many were proved, and which were not.
    static func obligationLines(_ report: RunReport) -> [String] {
        let reductions = report.reductions.map { status in
            let unproved = status.error.map { ["not run (\($0))"] } ?? status.unproved
            return "reduction obligations under \(status.rules.name): "
                + "\(status.results.count - status.unproved.count) of \(status.results.count) proved"
                + (unproved.isEmpty ? "" : "; not proved: \(unproved.joined(separator: ", "))")
        }
        let locality = report.invalidationLocality.map { status in
            let unproved = status.error.map { ["not run (\($0))"] }
                ?? status.results.filter { $0.verdict != .proved }.map { "\($0.obligation.id) (\($0.verdict))" }
            let proved = status.results.filter { $0.verdict == .proved }.count
            return "invalidation locality obligations under \(status.rules.name): \(proved) of \(status.results.count) proved"
                + (unproved.isEmpty ? "" : "; not proved: \(unproved.joined(separator: ", "))")
        }
        return reductions + locality
    }
}
