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

    /// The unproved obligations a judgement's unknown names: the failed ones' ids and the
    /// unanswered ones' ids with their stop's code.
    private static func unproved(_ judgement: Judgement) -> (rules: String, failed: [String], unknown: [String])? {
        guard case .unknown(.noUnboundedProof(_, .obligations(.unproved(_, let rules, let failed, _, let unknown)))) = judgement.outcome
        else { return nil }
        return (rules, failed, unknown.map { "\($0.id) \($0.stop.code)" })
    }

    func testUnsatWithAFailedOrUnknownObligationIsUnknown() {
        let failed = judge(.proved, .holds, reduction: reduction([.proved, .failed(model: "m")]))
        XCTAssertEqual(failed.outcome.verdict, .unknown)
        XCTAssertEqual(failed.outcome.reasonCode, "obligation-unproved")
        XCTAssertEqual(Self.unproved(failed)?.failed, ["locality.conditional"])
        XCTAssertEqual(Self.unproved(failed)?.rules, "runtime")
        XCTAssertEqual(Self.unproved(failed)?.unknown, [])
        let timedOut = judge(.proved, .holds, reduction: reduction([.unknown(reason: .timeLimit(milliseconds: 5, z3: "timeout")), .proved]))
        XCTAssertEqual(timedOut.outcome.verdict, .unknown)
        XCTAssertEqual(timedOut.outcome.reasonCode, "obligation-unproved")
        XCTAssertEqual(Self.unproved(timedOut)?.unknown, ["locality.tuple time-limit"])
        XCTAssertEqual(Self.unproved(timedOut)?.failed, [], "an unanswered obligation is not a failed one")
        XCTAssertEqual(judge(.proved, .holds, reduction: nil).outcome.verdict, .unknown)
        XCTAssertEqual(judge(.proved, .holds, reduction: nil).outcome.reasonCode, "obligation-unproved")
        XCTAssertEqual(judge(.proved, .holds, reduction: ReductionStatus(rules: .runtime, results: [], error: nil)).outcome.verdict, .unknown)
    }

    func testUnsatUnderNonLocalRulesIsNeverUnbounded() {
        let judgement = judge(.proved, .holds, reduction: reduction([.proved]), rules: RuleSet.runtime.mutated(.idOverridesStructure))
        XCTAssertEqual(judgement.outcome.verdict, .unknown)
        XCTAssertEqual(judgement.outcome.reasonCode, "outside-fragment")
        let refuted = judge(.proved, .refuted(example), reduction: reduction([.proved]), rules: RuleSet.runtime.mutated(.idOverridesStructure))
        XCTAssertEqual(refuted.outcome.verdict, .refuted, "outside the fragment the checker's trees decide")
    }

    func testUnboundedProofMeetingACounterexampleIsAnError() {
        let judgement = judge(.proved, .refuted(example), reduction: reduction([.proved]))
        XCTAssertEqual(judgement.outcome.verdict, .error)
        XCTAssertEqual(judgement.outcome.reasonCode, "routes-disagree")
        XCTAssertNotNil(judgement.outcome.counterexample, "the counterexample that exposed it stays with the error")
    }

    func testUnknownIsNeverUpgraded() {
        for bounded in [BoundedResult.Answer.holds, .inapplicable("outside")] {
            let judgement = judge(.unknown(.solver(.timeLimit(milliseconds: 5, z3: "timeout"))), bounded, reduction: reduction([.proved]))
            XCTAssertEqual(judgement.outcome.verdict, .unknown)
            XCTAssertNil(judgement.outcome.scope)
            XCTAssertEqual(judgement.outcome.reasonCode, "time-limit", "the checker adds nothing to the solver's reason")
        }
        XCTAssertEqual(judge(.unknown(.solver(.interrupted)), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .refuted)
    }

    func testShortPathSearchIsBoundedByPathLength() {
        let timeout = SolverStop.timeLimit(milliseconds: 5, z3: "timeout")
        let judgement = judge(.provedForShortPaths(steps: 4, reason: timeout), .holds, reduction: reduction([.proved]))
        XCTAssertEqual(judgement.outcome.verdict, .proved)
        XCTAssertEqual(judgement.outcome.scope, .bounded(.pathLength(steps: 4)))
        let withoutReduction = judge(.provedForShortPaths(steps: 4, reason: timeout), .holds, reduction: reduction([.failed(model: "")]))
        XCTAssertEqual(withoutReduction.outcome.verdict, .unknown)
        XCTAssertEqual(withoutReduction.outcome.reasonCode, "obligation-unproved")
        XCTAssertEqual(judge(.provedForShortPaths(steps: 4, reason: timeout), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .refuted)
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
        XCTAssertEqual(judge(.inapplicable("r"), .holds, reduction: reduction([.proved])).outcome.reasonCode, "solver-inapplicable")
        XCTAssertEqual(judge(.inapplicable("r"), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .refuted)
        let neither = judge(.inapplicable("r"), .inapplicable("s"), reduction: reduction([.proved]))
        XCTAssertEqual(neither.outcome.verdict, .unknown)
        XCTAssertEqual(neither.outcome.reasonCode, "checker-inapplicable")
        guard case .unknown(.checkerInapplicable(.solverInapplicable("r"), "s")) = neither.outcome else {
            return XCTFail("both routes' reasons kept: \(neither.outcome)")
        }
    }

    func testSolverFailureIsAnError() {
        let failed = judge(.failed(.solverFailure("x")), .holds, reduction: reduction([.proved]))
        XCTAssertEqual(failed.outcome.verdict, .error)
        XCTAssertEqual(failed.outcome.reasonCode, "solver-failure")
        // A counterexample from the checker does not hide a solver failure.
        XCTAssertEqual(judge(.failed(.solverFailure("x")), .refuted(example), reduction: reduction([.proved])).outcome.verdict, .error)
    }
    /// A walk its budget stopped (`.exhausted`): beside Z3's proof the verdict is the proof's and
    /// carries the stop (`checkerStop`), never "fully cross-checked"; where the checker decides alone
    /// it is `unknown` with the stop's code, never "no counterexample"; a refutation stays one.
    func testAnExhaustedWalkIsSaidInEveryRow() {
        let cut = BoundedResult.Answer.exhausted(.caseLimit(limit: 10))
        let proved = judge(.proved, cut, reduction: reduction([.proved, .proved]))
        XCTAssertEqual(proved.outcome.scope, .unbounded)
        XCTAssertEqual(proved.checkerStop, .caseLimit(limit: 10))
        XCTAssertNil(judge(.proved, .holds, reduction: reduction([.proved, .proved])).checkerStop)
        let short = judge(.provedForShortPaths(steps: 4, reason: .backstop), cut, reduction: reduction([.proved]))
        XCTAssertEqual(short.outcome.verdict, .proved)
        XCTAssertEqual(short.checkerStop, .caseLimit(limit: 10))

        let alone = judge(.inapplicable("r"), cut, reduction: reduction([.proved]))
        XCTAssertEqual(alone.outcome.reasonCode, "checker-case-limit")
        guard case .unknown(.checkerExhausted(.solverInapplicable("r"), .caseLimit(10))) = alone.outcome else {
            return XCTFail("both routes' reasons kept: \(alone.outcome)")
        }
        let timed = judge(.inapplicable("r"), .exhausted(.timeLimit(seconds: 600, examined: 3)), reduction: reduction([.proved]))
        XCTAssertEqual(timed.outcome.reasonCode, "checker-time-limit")
        // Z3's own stop stays the reason (as beside an inapplicable checker), the checker's is carried beside it.
        let both = judge(.unknown(.solver(.backstop)), cut, reduction: reduction([.proved]))
        XCTAssertEqual(both.outcome.reasonCode, "backstop")
        XCTAssertEqual(both.checkerStop, .caseLimit(limit: 10))
        let outside = judge(.proved, cut, reduction: reduction([.proved, .failed(model: "m")]))
        XCTAssertEqual(outside.outcome.reasonCode, "checker-case-limit", "no unbounded proof, and the checker did not finish")

        let refuted = judge(.refuted(example), cut, reduction: reduction([.proved]))
        XCTAssertEqual(refuted.outcome.verdict, .refuted)
        XCTAssertEqual(refuted.checkerStop, .caseLimit(limit: 10))
    }
}
