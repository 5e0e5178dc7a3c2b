import LemmaLogic
import XCTest

@testable import Prover

/// Which verdicts count as expected, with and without `--require-unbounded`.
final class RequireUnboundedTests: XCTestCase {
    private func report(_ outcome: Outcome, requiresUnbounded: Bool, expected: Expectation = .holds) -> LemmaReport {
        var report = LemmaReport(
            name: "l", kind: .lemma, file: "f.lemma", line: 1, column: 1, summary: nil, sources: ["R2"], rules: "runtime",
            expected: expected, outcome: outcome, seconds: 0, message: "")
        report.requiresUnbounded = requiresUnbounded
        return report
    }

    func testBoundedProofsPassOnlyWhenUnboundedIsNotRequired() {
        let bounded = Outcome.proved(.bounded(.pathLength(steps: 4)))
        XCTAssertTrue(report(bounded, requiresUnbounded: false).asExpected)
        XCTAssertFalse(report(bounded, requiresUnbounded: true).asExpected)
        XCTAssertTrue(report(.proved(.unbounded), requiresUnbounded: true).asExpected)
    }

    func testNothingButProofsAndRefutationsIsExpected() {
        for outcome in [Outcome.unknown(reason: .solver(.timeLimit(milliseconds: 5, z3: "timeout"))), .vacuous, .error(.solverFailure("x"))] {
            XCTAssertFalse(report(outcome, requiresUnbounded: false).asExpected, "\(outcome.verdict)")
            XCTAssertFalse(report(outcome, requiresUnbounded: false, expected: .refuted).asExpected, "\(outcome.verdict)")
        }
    }

    func testTheRunFailsWhenOneItemIsNotAsExpected() {
        var run = RunReport(
            z3Version: "4.8.12", ruleSet: "per lemma", lemmas: [report(.proved(.unbounded), requiresUnbounded: true)],
            diagnostics: [], hasInputErrors: false, reductions: [], seconds: 0,
            coverage: RunCoverage(options: VerifierOptions(), ruleSets: ["runtime"], inputs: RunCoverage.Inputs(files: [])))
        XCTAssertEqual(run.exitCode, 0)
        run.lemmas.append(report(.proved(.bounded(.pathLength(steps: 4))), requiresUnbounded: true))
        XCTAssertEqual(run.exitCode, 1)
    }
}
