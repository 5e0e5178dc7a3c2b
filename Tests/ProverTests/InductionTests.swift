import IdentityModel
import LemmaLogic
import XCTest

@testable import Prover

/// The fallback when Z3 answers unknown on the full path-level query: induction on path length,
/// with base cases bounded by the lemma's cutoff.
final class InductionTests: XCTestCase {
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]

    /// Same view and equal keys, ids and transient reads: the identity survives (aligned, one witness).
    private func sameChoices(_ rules: RuleSet) -> LemmaSpec {
        let equal = LogicFormula.forall(variable: 0, path: 0, .and(
            [StepField.key, .id, .transient].map { field in
                .or([.not(.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(field.owner!))),
                     .compare(.equal, .stepField(path: 0, index: .variable(0), field), .stepField(path: 1, index: .variable(0), field))])
            }))
        return LemmaSpec(
            name: "sameChoices", paths: pair, indexNames: ["i"], rules: rules, expectation: .holds,
            assumptions: [.sameView(0, 1), equal], conclusion: .survives(0, 1))
    }

    func testTheLemmaIsInTheFragmentWhereTheCutoffIsAProof() {
        let fragment = Fragment(sameChoices(.runtime))
        XCTAssertTrue(fragment.cutoffIsProof, fragment.cutoffCaveat ?? "")
        XCTAssertEqual(fragment.cutoff.depth, 2)
    }

    /// A one-millisecond limit makes the full query unknown; the bounded base cases still decide.
    func testUnknownFullQueryFallsBackToInduction() throws {
        var route = SolverRoute(timeoutMilliseconds: 1)
        route.inductionTimeoutMilliseconds = 10_000
        let proved = route.run(sameChoices(.runtime), inductionSteps: 1)
        switch proved.answer {
        case .provedByInduction(let steps): XCTAssertEqual(steps, 1)
        case .proved: break  // Z3 was fast enough for the full query even so.
        default: XCTFail("\(proved.answer)")
        }
        let refuted = route.run(sameChoices(RuleSet.runtime.mutated(.modifierValueInIdentity)), inductionSteps: 1)
        guard case .refuted(let counterexample) = refuted.answer else { return XCTFail("\(refuted.answer)") }
        XCTAssertTrue(counterexample.paths[0].contains("modified"), "\(counterexample.paths)")
    }

    func testWithoutInductionStepsUnknownStaysUnknown() {
        let result = SolverRoute(timeoutMilliseconds: 1).run(sameChoices(.documented))
        switch result.answer {
        case .unknown, .refuted: break
        default: XCTFail("a 1 ms full query must not prove anything by itself: \(result.answer)")
        }
    }
}
