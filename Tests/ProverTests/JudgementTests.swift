import IdentityModel
import LemmaLogic
import ModelChecker
import XCTest

@testable import Encoding
@testable import Prover

/// Every row of the verdict table: which route decides, and how far a `proved` reaches. The one
/// source of `proved [unbounded]` is Z3's unsat with every reduction obligation proved; the
/// checker's exhaustion never proves.
final class JudgementTests: XCTestCase {
    private let lemma = LemmaSpec(
        name: "t", paths: [PathVariable(name: "p", render: 0)], rules: .runtime, expectation: .holds, assumptions: [],
        conclusion: .constant(true))
    private let bound = Bound(depth: 3, branching: 2)
    private let example = Counterexample(renders: [], trees: [], firstDifference: nil, trace: [], paths: [], origin: .checker)

    private func solver(_ answer: SolverAnswer) -> SolverResult { SolverResult(answer: answer, seconds: 0) }

    private func checker(_ answer: BoundedResult.Answer) -> BoundedResult {
        BoundedResult(answer: answer, bounds: Bounds(depth: 3, branching: 2), cases: 10, seconds: 0)
    }

    private func reduction(_ verdicts: [ObligationVerdict]) -> ReductionStatus {
        let results = verdicts.enumerated().map { index, verdict in
            ObligationResult(
                obligation: Obligation(theorem: .locality, inductionCase: .construct(StepKind.allCases[index]), rules: .runtime),
                verdict: verdict, resourceCount: 0, seconds: 0, script: "")
        }
        return ReductionStatus(rules: .runtime, results: results, error: nil)
    }

    private func judge(
        _ answer: SolverAnswer, _ bounded: BoundedResult.Answer, reduction status: ReductionStatus?, rules: RuleSet = .runtime
    ) -> Judgement {
        Judgement(
            solver: solver(answer), checker: checker(bounded), checkerBound: bound, fragment: Fragment(lemma.under(rules)),
            reduction: status)
    }

    func testUnsatWithEveryObligationProvedIsUnbounded() {
        let judgement = judge(.proved, .holds, reduction: reduction([.proved, .proved]))
        XCTAssertEqual(judgement.outcome.verdict, .proved)
        XCTAssertEqual(judgement.outcome.scope, .unbounded)
    }

    func testUnsatWithAFailedOrUnknownObligationIsUnknown() {
        let failed = judge(.proved, .holds, reduction: reduction([.proved, .failed(model: "m")]))
        XCTAssertEqual(failed.outcome.verdict, .unknown)
        XCTAssertTrue(failed.message.contains("not a proof"), failed.message)
        XCTAssertTrue(failed.message.contains("does not hold under runtime: locality.conditional failed"), failed.message)
        let timedOut = judge(.proved, .holds, reduction: reduction([.unknown(reason: "timeout"), .proved]))
        XCTAssertEqual(timedOut.outcome.verdict, .unknown)
        XCTAssertTrue(timedOut.message.contains("1 reduction obligation(s) under runtime unknown: locality.tuple (timeout)"), timedOut.message)
        XCTAssertFalse(timedOut.message.contains("does not hold"), timedOut.message)
        XCTAssertEqual(judge(.proved, .holds, reduction: nil).outcome.verdict, .unknown)
        XCTAssertEqual(judge(.proved, .holds, reduction: ReductionStatus(rules: .runtime, results: [], error: nil)).outcome.verdict, .unknown)
    }

    func testUnsatUnderNonLocalRulesIsNeverUnbounded() {
        let judgement = judge(.proved, .holds, reduction: reduction([.proved]), rules: RuleSet.runtime.mutated(.idOverridesStructure))
        XCTAssertEqual(judgement.outcome.verdict, .unknown)
        let refuted = judge(.proved, .refuted(example), reduction: reduction([.proved]), rules: RuleSet.runtime.mutated(.idOverridesStructure))
        XCTAssertEqual(refuted.outcome.verdict, .refuted, "outside the fragment the checker's trees decide")
    }

    func testUnboundedProofMeetingACounterexampleIsAnError() {
        let judgement = judge(.proved, .refuted(example), reduction: reduction([.proved]))
        XCTAssertEqual(judgement.outcome.verdict, .error)
        XCTAssertTrue(judgement.message.hasPrefix("internal error: the routes disagree"), judgement.message)
    }

    func testUnknownIsNeverUpgraded() {
        for bounded in [BoundedResult.Answer.holds, .inapplicable("outside")] {
            let judgement = judge(.unknown("z3: timeout"), bounded, reduction: reduction([.proved]))
            XCTAssertEqual(judgement.outcome.verdict, .unknown)
            XCTAssertNil(judgement.outcome.scope)
            XCTAssertTrue(judgement.message.hasPrefix("z3: timeout"), judgement.message)
        }
        XCTAssertEqual(judge(.unknown("z3: timeout"), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .refuted)
    }

    func testShortPathSearchIsBoundedByPathLength() {
        let judgement = judge(.provedForShortPaths(steps: 4, reason: "z3: timeout"), .holds, reduction: reduction([.proved]))
        XCTAssertEqual(judgement.outcome.verdict, .proved)
        XCTAssertEqual(judgement.outcome.scope, .bounded(.pathLength(steps: 4)))
        let withoutReduction = judge(.provedForShortPaths(steps: 4, reason: "z3: timeout"), .holds, reduction: reduction([.failed(model: "")]))
        XCTAssertEqual(withoutReduction.outcome.verdict, .unknown)
        XCTAssertEqual(judge(.provedForShortPaths(steps: 4, reason: "r"), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .refuted)
    }

    func testCounterexamplesRefute() {
        for bounded in [BoundedResult.Answer.holds, .refuted(example), .inapplicable("outside")] {
            let judgement = judge(.refuted(example), bounded, reduction: reduction([.proved]))
            XCTAssertEqual(judgement.outcome.verdict, .refuted)
            XCTAssertNil(judgement.outcome.scope)
        }
    }

    func testOutsideThePathLevelTheCheckerRefutesButNeverProves() {
        XCTAssertEqual(judge(.inapplicable("r"), .holds, reduction: reduction([.proved])).outcome.verdict, .unknown)
        XCTAssertEqual(judge(.inapplicable("r"), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .refuted)
        XCTAssertEqual(judge(.inapplicable("r"), .inapplicable("s"), reduction: reduction([.proved])).outcome.verdict, .unknown)
    }

    func testSolverFailureIsAnError() {
        XCTAssertEqual(judge(.failed("internal error: x"), .holds, reduction: reduction([.proved])).outcome.verdict, .error)
    }
}
