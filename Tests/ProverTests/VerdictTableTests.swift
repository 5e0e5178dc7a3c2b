import IdentityModel
import Invalidation
import LemmaLogic
import ModelChecker
import XCTest

@testable import Encoding
@testable import Prover

/// The verdict table's rows for both layers at once: the same inputs give the same verdict,
/// scope and reason code for identity and invalidation lemmas (one table, `VerdictTable`), and a
/// vacuous obligation is an unproved one in both.
final class VerdictTableTests: XCTestCase {
    private let example = Counterexample(renders: [], trees: [], firstDifference: nil, trace: [], paths: [], origin: .checker)
    private let lemma = LemmaSpec(
        name: "t", paths: [PathVariable(name: "p", render: 0)], rules: .runtime, expectation: .holds, assumptions: [],
        conclusion: .constant(true))

    /// What the table says in one layer, without the words.
    private struct Row: Equatable {
        var verdict: Verdict
        var scope: Scope?
        var code: String?
    }

    private enum Standing { case proved, failed, vacuous, unknown }

    private func identity(_ answer: SolverAnswer, _ checker: BoundedResult.Answer, _ obligations: [Standing]?) -> (Row, String) {
        let status = obligations.map { standings in
            ReductionStatus(rules: .runtime, results: standings.enumerated().map { index, standing in
                let verdict: ObligationVerdict
                switch standing {
                case .proved: verdict = .proved
                case .failed: verdict = .failed(model: "m")
                case .vacuous: verdict = .vacuous
                case .unknown: verdict = .unknown(reason: .timeLimit(milliseconds: 5, z3: "timeout"))
                }
                return ObligationResult(
                    obligation: Obligation(theorem: .locality, inductionCase: .construct(StepKind.allCases[index]), rules: .runtime),
                    verdict: verdict, resourceCount: 0, seconds: 0, script: nil)
            })
        }
        let table = Judgement(
            solver: SolverResult(answer: answer, seconds: 0),
            checker: BoundedResult(answer: checker, bounds: Bounds(depth: 3, branching: 2), cases: 10, seconds: 0),
            checkerBound: Bound(depth: 3, branching: 2), fragment: Fragment(lemma), reduction: status)
        return (Row(verdict: table.outcome.verdict, scope: table.outcome.scope, code: table.outcome.reasonCode), table.message)
    }

    private func invalidation(_ answer: SolverAnswer, _ checker: BoundedResult.Answer, _ obligations: [Standing]?) -> (Row, String) {
        let status = obligations.map { standings in
            InvalidationLocalityStatus(rules: .runtime, results: standings.enumerated().map { index, standing in
                let verdict: InvalidationObligationResult.Verdict
                switch standing {
                case .proved: verdict = .proved
                case .failed: verdict = .failed(model: "m")
                case .vacuous: verdict = .vacuous
                case .unknown: verdict = .unknown(reason: .timeLimit(milliseconds: 5, z3: "timeout"))
                }
                return InvalidationObligationResult(
                    obligation: InvalidationObligation.allCases[index], rules: "runtime", verdict: verdict, script: nil, resourceCount: nil)
            })
        }
        let table = InvalidationJudgement(
            solver: SolverResult(answer: answer, seconds: 0), checker: InvalidationBoundedRoute.Result(answer: checker, cases: 10),
            locality: status)
        return (Row(verdict: table.outcome.verdict, scope: table.outcome.scope, code: table.outcome.reasonCode), table.message)
    }

    /// Every solver answer against every checker answer and obligation set, except short-path
    /// proofs (a bounded proof in identity only, below).
    func testBothLayersHaveTheSameRows() {
        let answers: [SolverAnswer] = [
            .proved, .refuted(example), .unknown(.solver(.timeLimit(milliseconds: 5, z3: "timeout"))), .inapplicable("r"),
            .failed(.solverFailure("x")),
        ]
        let checkers: [BoundedResult.Answer] = [.holds, .refuted(example), .inapplicable("s")]
        let obligationSets: [[Standing]?] = [[.proved, .proved], [.proved, .failed], [.vacuous, .proved], [.unknown], [], nil]
        var unbounded = 0
        for answer in answers {
            for checker in checkers {
                for obligations in obligationSets {
                    let (row, _) = identity(answer, checker, obligations)
                    XCTAssertEqual(row, invalidation(answer, checker, obligations).0, "\(answer), \(checker), \(String(describing: obligations))")
                    if row.scope == .unbounded {
                        unbounded += 1
                        guard case .proved = answer, obligations == [.proved, .proved] else {
                            return XCTFail("unbounded without Z3's unsat and every obligation proved: \(answer), \(String(describing: obligations))")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(unbounded, 2, "Z3's unsat with every obligation proved, the checker finding nothing or not applicable")
    }

    func testAVacuousObligationIsNeverAProof() {
        for judge in [identity, invalidation] {
            let (row, message) = judge(.proved, .holds, [.proved, .vacuous])
            XCTAssertEqual(row, Row(verdict: .unknown, scope: nil, code: "obligation-unproved"))
            XCTAssertTrue(message.contains("hold of nothing (vacuous)"), message)
        }
    }

    /// A checker that could not take the lemma is said as such beside a proof, never as agreeing.
    func testAnInapplicableCheckerIsNotSaidToAgree() {
        for judge in [identity, invalidation] {
            let (row, message) = judge(.proved, .inapplicable("not enumerated"), [.proved])
            XCTAssertEqual(row, Row(verdict: .proved, scope: .unbounded, code: nil))
            XCTAssertTrue(message.contains("checker: not enumerated"), message)
            XCTAssertFalse(message.contains("agree"), message)
        }
    }

    /// Z3's unsat among short paths is a bounded proof of an identity lemma, and no proof of an
    /// invalidation lemma.
    func testShortPathProofsAreBoundedOnlyWhereTheLayerSaysSo() {
        let answer = SolverAnswer.provedForShortPaths(steps: 4, reason: .timeLimit(milliseconds: 5, z3: "timeout"))
        XCTAssertEqual(identity(answer, .holds, [.proved]).0, Row(verdict: .proved, scope: .bounded(.pathLength(steps: 4)), code: nil))
        XCTAssertEqual(invalidation(answer, .holds, [.proved]).0, Row(verdict: .unknown, scope: nil, code: "obligation-unproved"))
        XCTAssertEqual(invalidation(answer, .refuted(example), [.proved]).0.verdict, .refuted)
    }

    /// The realizability premise of an invalidation lemma comes before its obligations.
    func testAnUnmetPremiseIsNeverAProof() {
        let premise = InvalidationJudgement.realizabilityShortfall(identityRules: .documented)
        XCTAssertNotNil(premise)
        let table = InvalidationJudgement(
            solver: SolverResult(answer: .proved, seconds: 0), checker: InvalidationBoundedRoute.Result(answer: .holds, cases: 1),
            locality: InvalidationLocalityStatus(rules: .runtime, results: []), premise: premise)
        XCTAssertEqual(table.outcome.verdict, .unknown)
        XCTAssertEqual(table.outcome.reasonCode, "obligation-unproved")
    }

    /// Whether Z3's unsat reaches every tree is one function, which the verdict and vacuity
    /// (`WitnessSearch.record`) both ask: obligations not run, or none, never count as proved.
    func testObligationsNotRunAreNoProof() {
        let proved = InvalidationLocalityStatus(rules: .runtime, results: InvalidationObligation.allCases.map {
            InvalidationObligationResult(obligation: $0, rules: "runtime", verdict: .proved, script: nil, resourceCount: nil)
        })
        XCTAssertNil(InvalidationJudgement.shortfall(obligations: proved, premise: nil))
        XCTAssertNotNil(InvalidationJudgement.shortfall(obligations: nil, premise: nil))
        XCTAssertNotNil(InvalidationJudgement.shortfall(obligations: InvalidationLocalityStatus(rules: .runtime, results: []), premise: nil))
        XCTAssertNotNil(InvalidationJudgement.shortfall(obligations: proved, premise: InvalidationJudgement.premise(identityRules: .documented)))
        XCTAssertNil(InvalidationJudgement.premise(identityRules: .runtime))
        XCTAssertNotNil(Judgement.shortfall(obligations: nil, premise: nil))
        XCTAssertNotNil(Judgement.shortfall(obligations: ReductionStatus(rules: .runtime, results: [], error: "x"), premise: nil))
    }
}
