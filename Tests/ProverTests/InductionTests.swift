import Encoding
import IdentityModel
import LemmaLogic
import XCTest

@testable import Prover

/// The fallback when Z3 answers unknown on the full path-level query: a search among short paths,
/// whose unsat is a bounded result and whose sat is a counterexample like any other.
final class InductionTests: XCTestCase {
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]

    /// Same view and equal keys, ids and transient reads: the identity survives.
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

    /// A route whose full query gives up at once (a resource limit of 1), so the fallback runs.
    private var starvedRoute: SolverRoute {
        var route = SolverRoute()
        route.fullQueryBudget = SolverBudget(resourceLimit: 1, milliseconds: 60_000)
        return route
    }

    func testUnknownFullQueryFallsBackToAShortPathSearch() throws {
        let proved = starvedRoute.run(sameChoices(.runtime), inductionSteps: 1)
        guard case .provedForShortPaths(let steps, let reason) = proved.answer else { return XCTFail("\(proved.answer)") }
        XCTAssertEqual(steps, 1)
        XCTAssertEqual(reason.code, "resource-limit")
        let refuted = starvedRoute.run(sameChoices(RuleSet.runtime.mutated(.modifierValueInIdentity)), inductionSteps: 1)
        guard case .refuted(let counterexample) = refuted.answer else { return XCTFail("\(refuted.answer)") }
        XCTAssertTrue(counterexample.paths[0].contains("modified"), "\(counterexample.paths)")
    }

    func testWithoutInductionStepsUnknownStaysUnknown() {
        let result = starvedRoute.run(sameChoices(.runtime))
        guard case .unknown(let reason) = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertEqual(reason.code, "resource-limit")
    }
}
