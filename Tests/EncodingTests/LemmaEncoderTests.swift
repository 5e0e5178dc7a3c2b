import IdentityModel
import LemmaLogic
import XCTest
import Z3Kit

@testable import Encoding

final class LemmaEncoderTests: XCTestCase {
    /// p in before, q in after.
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]

    /// Checks the negated lemma; `shortPaths` asks for a model whose paths have few steps in all
    /// (for the tests that decode it; proofs are checked without it).
    private func check(_ lemma: LemmaSpec, shortPaths: Bool = false) throws -> (Z3CheckResult, LemmaEncoder) {
        let context = try Z3Context(timeoutMilliseconds: 10_000)
        let encoder = try LemmaEncoder(lemma: lemma, context: context)
        let solver = try Z3Solver(context)
        for assertion in try encoder.query() { solver.assert(assertion) }
        if shortPaths { solver.assert(encoder.totalLength().le(context.int(8))) }
        return (try solver.check(), encoder)
    }

    private func lemma(_ name: String, rules: RuleSet = .runtime, assume: [LogicFormula], show: LogicFormula) -> LemmaSpec {
        LemmaSpec(name: name, paths: pair, indexNames: ["i"], rules: rules, expectation: .holds, assumptions: assume, conclusion: show)
    }

    /// Same view, same keys and ids everywhere: the identity survives (R2, R8, R6 together).
    private var sameChoicesSurvive: LemmaSpec {
        let keysEqual = LogicFormula.forall(variable: 0, path: 0, .and([
            .or([.not(.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(.forEach))),
                 .compare(.equal, .stepField(path: 0, index: .variable(0), .key), .stepField(path: 1, index: .variable(0), .key))]),
            .or([.not(.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(.explicitID))),
                 .compare(.equal, .stepField(path: 0, index: .variable(0), .id), .stepField(path: 1, index: .variable(0), .id))]),
            .or([.not(.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(.conditional))),
                 .compare(.equal, .stepField(path: 0, index: .variable(0), .transient), .stepField(path: 1, index: .variable(0), .transient))]),
        ]))
        return lemma("sameChoices", assume: [.sameView(0, 1), keysEqual], show: .survives(0, 1))
    }

    func testSameChoicesSurviveIsProvedUnbounded() throws {
        let (result, _) = try check(sameChoicesSurvive)
        guard case .unsat = result else { return XCTFail("expected unsat, got \(result)") }
    }

    func testSameChoicesFailUnderOpaqueAnyView() throws {
        let (result, encoder) = try check(sameChoicesSurvive.under(.documented), shortPaths: true)
        guard case .sat(let model) = result else { return XCTFail("expected sat, got \(result)") }
        let paths = try CounterexampleDecoder(encoder: encoder).paths(in: model)
        XCTAssertTrue(paths[0].steps.contains { $0.kind == .anyView }, "\(paths)")
    }

    func testModifierValueMutantBreaksSameChoices() throws {
        let (result, encoder) = try check(sameChoicesSurvive.under(RuleSet.runtime.mutated(.modifierValueInIdentity)), shortPaths: true)
        guard case .sat(let model) = result else { return XCTFail("expected sat, got \(result)") }
        let paths = try CounterexampleDecoder(encoder: encoder).paths(in: model)
        XCTAssertTrue(paths[0].steps.contains { $0.kind == .modified }, "\(paths)")
    }

    func testEngineerExpectationIsRefuted() throws {
        let expectation = lemma("engineer", assume: [.sameAddress(0, 1)], show: .survives(0, 1))
        let (result, encoder) = try check(expectation, shortPaths: true)
        guard case .sat(let model) = result else { return XCTFail("expected sat, got \(result)") }
        let paths = try CounterexampleDecoder(encoder: encoder).paths(in: model)
        XCTAssertEqual(paths.count, 2)
    }

    func testArmFlipResets() throws {
        let flip = LogicFormula.exists(variable: 0, path: 0, .and([
            .compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(.conditional)),
            .compare(.notEqual, .stepField(path: 0, index: .variable(0), .arm), .stepField(path: 1, index: .variable(0), .arm)),
        ]))
        let (result, _) = try check(lemma("armFlip", assume: [flip], show: .not(.survives(0, 1))))
        guard case .unsat = result else { return XCTFail("expected unsat, got \(result)") }
        let (mutant, _) = try check(lemma("armFlip", rules: RuleSet.runtime.mutated(.armsShareIdentity), assume: [flip], show: .not(.survives(0, 1))))
        guard case .sat = mutant else { return XCTFail("expected sat under the mutant, got \(mutant)") }
    }
}
