import IdentityModel
import LemmaLogic
import XCTest

@testable import Prover

final class SolverRouteTests: XCTestCase {
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]
    private let route = SolverRoute()

    private func lemma(rules: RuleSet = .runtime, assume: [LogicFormula], show: LogicFormula) -> LemmaSpec {
        LemmaSpec(name: "t", paths: pair, indexNames: ["i"], rules: rules, expectation: .holds, assumptions: assume, conclusion: show)
    }

    func testEngineerExpectationIsRefutedWithAReplayedCounterexample() throws {
        let result = route.run(lemma(assume: [.sameAddress(0, 1)], show: .survives(0, 1)))
        guard case .refuted(let counterexample) = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertEqual(counterexample.renders.map(\.name), ["before", "after"])
        XCTAssertNotNil(counterexample.firstDifference)
        XCTAssertFalse(counterexample.renders[0].code.isEmpty)
    }

    func testSameViewWithEqualDynamicFieldsIsProved() throws {
        let dynamicEqual = LogicFormula.forall(variable: 0, path: 0, .and(
            [StepField.key, .id, .transient, .value, .presentBefore, .offset].map { field in
                .or([.not(.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(field.owner!))),
                     .compare(.equal, .stepField(path: 0, index: .variable(0), field), .stepField(path: 1, index: .variable(0), field))])
            }))
        let result = route.run(lemma(assume: [.sameView(0, 1), dynamicEqual], show: .survives(0, 1)))
        guard case .proved = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertNotNil(result.resourceCount)
        let documented = route.run(lemma(rules: .documented, assume: [.sameView(0, 1), dynamicEqual], show: .survives(0, 1)))
        guard case .refuted(let counterexample) = documented.answer else { return XCTFail("\(documented.answer)") }
        XCTAssertTrue(counterexample.renders[0].code.contains("AnyView"), counterexample.renders[0].code)
    }
}
