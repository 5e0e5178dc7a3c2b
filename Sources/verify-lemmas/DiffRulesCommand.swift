import ArgumentParser
import Foundation
import IdentityModel
import Prover

/// `verify-lemmas diff-rules A B`: the lemmas and scenarios whose verdict differs between two rule
/// sets, with both verdicts and the counterexample that tells them apart. Each verdict is the one a
/// check run with `--rules` gives (vacuity included: a lemma whose assumptions no trees satisfy
/// under one set is `vacuous` there, not `proved`), and an unknown or error says why.
struct DiffRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff-rules",
        abstract: "Run every lemma and scenario under two rule sets and list those whose verdict differs.",
        discussion: "Rule sets: " + RuleSet.all.map(\.name).joined(separator: ", ")
            + ". Exit status: 0 the run completed (whether or not verdicts differ), 2 bad input.")

    @Argument(help: "The first rule set.")
    var first: String

    @Argument(help: "The second rule set.")
    var second: String

    @Argument(help: "Lemma files or folders (default: Lemmas/).")
    var paths: [String] = []

    @OptionGroup var limits: SolverLimitOptions

    func validate() throws {
        for name in [first, second] where RuleSet.named(name) == nil {
            throw ValidationError("unknown rule set '\(name)'; known: \(RuleSet.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        let urls = (paths.isEmpty ? ["Lemmas"] : paths).map { URL(fileURLWithPath: $0) }
        let signals = SignalWatch.cancellingRun()
        let reports = [first, second].map { name -> RunReport in
            var options = VerifierOptions()
            options.rules = RuleSet.named(name)
            limits.apply(to: &options)
            return Verifier(options: options, cancellation: signals.cancellation).run(paths: urls)
        }
        try signals.exitIfInterrupted()
        if reports[0].hasInputErrors {
            print(reports[0].diagnostics.joined(separator: "\n"))
            throw ExitCode(2)
        }
        let other = Dictionary(reports[1].lemmas.map { ("\($0.file):\($0.name)", $0) }, uniquingKeysWith: { a, _ in a })
        var differing = 0
        for lemma in reports[0].lemmas {
            guard let twin = other["\(lemma.file):\(lemma.name)"], twin.verdict != lemma.verdict || twin.scope != lemma.scope else {
                continue
            }
            differing += 1
            print("\(lemma.name)  \(lemma.file):\(lemma.line)")
            for (name, report) in [(first, lemma), (second, twin)] {
                print("  \(name): \(report.verdict.rawValue)\(report.scope.map { " [\($0)]" } ?? "")")
                if let reason = ReasonText.sentence(report.outcome) { print("    \(reason)") }
                if let counterexample = report.counterexample {
                    for (render, code) in counterexample.renders {
                        print("    \(render):")
                        code.split(separator: "\n").forEach { print("      \($0)") }
                    }
                    if let difference = counterexample.firstDifference { print("    first difference: \(difference)") }
                }
            }
        }
        print("\(differing) of \(reports[0].lemmas.count) items differ between \(first) and \(second)")
    }
}
