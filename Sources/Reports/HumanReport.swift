import Foundation
import LemmaLogic
import Prover

/// The report a person reads in a terminal: one line per lemma, counterexamples under refutations,
/// a summary line.
package enum HumanReport {
    /// The whole report as text; once `isCancelled` says yes (asked before each item) the text stops there.
    /// `quiet` (`--quiet`) leaves out what is as expected: the items that came out as expected, the
    /// reductions wholly proved, the mutants killed or not applicable and the rules no item exercises;
    /// the input's diagnostics, what is not as expected and the summary stay.
    package static func text(_ report: RunReport, verbose: Bool = false, quiet: Bool = false, isCancelled: () -> Bool = { false }) -> String {
        var lines: [String] = []
        lines += report.diagnostics
        for reduction in report.reductions {
            let proved = reduction.results.filter { $0.verdict.isProved }.count
            if quiet, proved == reduction.results.count, reduction.error == nil, reduction.unproved.isEmpty { continue }
            var line = "reduction under \(reduction.rules.name): \(proved)/\(reduction.results.count) obligations proved"
            if let error = reduction.error { line += " (error: \(error))" }
            if !reduction.unproved.isEmpty { line += " (not proved: \(reduction.unproved.joined(separator: ", ")))" }
            lines.append(line)
        }
        for lemma in report.lemmas {
            if isCancelled() { return lines.joined(separator: "\n") }
            if quiet, lemma.asExpected { continue }
            lines.append(line(lemma))
            if !lemma.asExpected || verbose || lemma.verdict == .refuted {
                lines += detail(lemma, verbose: verbose || !lemma.asExpected).map { "    " + $0 }
            }
            if let explanation = lemma.explanation { lines += ExplanationText.lines(explanation).map { "    " + $0 } }
        }
        if !quiet, !report.lemmas.isEmpty, !report.unexercisedRules.isEmpty {
            lines.append("rules no lemma exercises: \(report.unexercisedRules.joined(separator: ", "))")
        }
        if let mutants = report.mutants {
            for mutant in mutants where !quiet || mutant.survived {
                if mutant.killed {
                    lines.append("mutant \(mutant.mutation.name): killed by \(mutant.killers.prefix(3).joined(separator: ", "))"
                        + (mutant.killers.count > 3 ? " and \(mutant.killers.count - 3) more" : ""))
                } else if mutant.notApplicable {
                    lines.append("mutant \(mutant.mutation.name): not applicable (no item here touches the rule it breaks, and no verdict changed)")
                } else {
                    lines.append("mutant \(mutant.mutation.name): SURVIVED (no lemma or scenario comes out against its expectation)")
                }
            }
            let notApplicable = mutants.filter(\.notApplicable).count
            lines.append("mutants: \(mutants.filter(\.killed).count) of \(mutants.count - notApplicable) killed"
                + (notApplicable > 0 ? " (\(notApplicable) not applicable)" : ""))
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(_ lemma: LemmaReport) -> String {
        let mark = lemma.asExpected ? "ok  " : "FAIL"
        let scope: String
        switch (lemma.verdict, lemma.scope) {
        case (.proved, .unbounded?): scope = "unbounded"
        case (.proved, .bounded(let bound)?): scope = "bounded: \(bound.brief)"
        case (.proved, nil): scope = lemma.kind == .scenario ? "scenario" : ""
        default: scope = ""
        }
        let expectation = lemma.asExpected
            ? "" : " (\(lemma.expectationClause))"
        return "\(mark) \(lemma.verdict.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) "
            + "\(lemma.name)\(expectation)  [\(scope.isEmpty ? lemma.kind.rawValue : scope), \(String(format: "%.2f", lemma.seconds)) s]"
            + "  \(lemma.file):\(lemma.line)"
    }

    static func detail(_ lemma: LemmaReport, verbose: Bool) -> [String] {
        var lines: [String] = []
        if let mismatch = lemma.refutedByMismatch {
            lines.append(mismatch)
        } else if !lemma.failedChecks.isEmpty {
            lines.append("failed: " + lemma.failedChecks.map { "\($0.reference) (check \($0.check))" }.joined(separator: ", "))
        }
        if verbose || lemma.verdict != .refuted { lines += lemma.message.split(separator: "\n").map(String.init) }
        if case .bounded(let bounded)? = lemma.scope, lemma.verdict == .proved {
            lines.append("scope: \(bounded)" + (lemma.boundedByDesign.map { " (bounded by design: \($0))" } ?? ""))
        }
        if verbose, let witness = lemma.witness {
            lines.append("assumptions witnessed (\(witness.origin.rawValue)):")
            lines += CounterexampleText.lines(witness, verbose: false).map { "  " + $0 }
        }
        guard let counterexample = lemma.counterexample else { return lines }
        lines.append("counterexample (\(counterexample.origin.rawValue)):")
        lines += CounterexampleText.lines(counterexample, verbose: verbose).map { "  " + $0 }
        return lines
    }

    static func summary(_ report: RunReport) -> String {
        let expected = report.lemmas.filter(\.asExpected).count
        func count(_ verdict: Verdict) -> Int { report.lemmas.filter { $0.verdict == verdict }.count }
        let unbounded = report.lemmas.filter { $0.verdict == .proved && $0.scope == .unbounded }.count
        return "\(report.lemmas.count) checked: \(expected) as expected, \(report.lemmas.count - expected) not "
            + "(proved \(count(.proved)), \(unbounded) of them unbounded; refuted \(count(.refuted)); "
            + "vacuous \(count(.vacuous)); unknown \(count(.unknown)); error \(count(.error))) in \(String(format: "%.2f", report.seconds)) s, Z3 \(report.z3Version)"
    }
}
