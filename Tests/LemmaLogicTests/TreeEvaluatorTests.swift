import IdentityModel
import LemmaLogic
import XCTest

final class TreeEvaluatorTests: XCTestCase {
    /// The stateful paths of a render written in the SwiftUI-like syntax, as witnesses.
    private func witnesses(_ text: String, generation: Int) throws -> [PathWitness] {
        try RenderParser.parse(text).statefulPaths(rules: .runtime, generation: generation)
            .map { PathWitness(path: $0, state: $0.initial, generation: generation) }
    }

    private let armFlip = LogicFormula.exists(variable: 0, path: 0, .and([
        .compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(.conditional)),
        .compare(.notEqual, .stepField(path: 0, index: .variable(0), .arm), .stepField(path: 1, index: .variable(0), .arm)),
    ]))

    func testArmFlipIsSeenOnTreesAndIdentitiesDiffer() throws {
        let before = try witnesses("if true { Counter(state: 0) } else { Counter(state: 0) }", generation: 0)[0]
        let after = try witnesses("if false { Counter(state: 0) } else { Counter(state: 0) }", generation: 1)[0]
        let evaluator = TreeEvaluator(rules: .runtime, witnesses: [before, after])
        XCTAssertTrue(evaluator.holds(armFlip))
        XCTAssertFalse(evaluator.holds(.survives(0, 1)))
        XCTAssertTrue(evaluator.holds(.sameAddress(0, 1)))
        XCTAssertFalse(evaluator.holds(.sameView(0, 1)))
    }

    func testFieldOfAnotherKindIsFalseEitherWay() throws {
        let path = try witnesses("VStack { Text; Counter(state: 0) }", generation: 0)[0]
        let evaluator = TreeEvaluator(rules: .runtime, witnesses: [path])
        let keyAtContainer = LogicTerm.stepField(path: 0, index: .literal(0), .key)
        XCTAssertFalse(evaluator.holds(.compare(.equal, keyAtContainer, .key(.int(1)))))
        XCTAssertFalse(evaluator.holds(.compare(.notEqual, keyAtContainer, .key(.int(1)))))
        XCTAssertTrue(evaluator.holds(.not(.compare(.equal, keyAtContainer, .key(.int(1))))))
        XCTAssertTrue(evaluator.holds(.compare(.equal, .stepField(path: 0, index: .literal(1), .slot), .int(1))))
        XCTAssertFalse(evaluator.holds(.compare(.equal, .stepField(path: 0, index: .literal(5), .kind), .kind(.tuple))))
    }

    func testQuantifiersRangeOverTheSteps() throws {
        let path = try witnesses("VStack { Counter(state: 0).padding(8).id(3) }", generation: 0)[0]
        let evaluator = TreeEvaluator(rules: .runtime, witnesses: [path])
        let isModified = LogicFormula.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(.modified))
        XCTAssertTrue(evaluator.holds(.exists(variable: 0, path: 0, isModified)))
        XCTAssertFalse(evaluator.holds(.forall(variable: 0, path: 0, isModified)))
        XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: 0, .length), .int(path.path.steps.count))))
        XCTAssertEqual(path.path.steps.count, 3, "\(path.path)")
    }

    func testElemFollowsTheRuleSet() throws {
        let before = try witnesses("AnyView(Counter(state: 0))", generation: 0)[0]
        let after = try witnesses("AnyView(Counter(state: 0))", generation: 1)[0]
        XCTAssertTrue(TreeEvaluator(rules: .runtime, witnesses: [before, after]).holds(.survives(0, 1)))
        let elemsEqual = LogicFormula.compare(.equal, .elem(path: 0, index: .literal(0)), .elem(path: 1, index: .literal(0)))
        XCTAssertTrue(TreeEvaluator(rules: .runtime, witnesses: [before, after]).holds(elemsEqual))
        XCTAssertFalse(TreeEvaluator(rules: .documented, witnesses: [before, after]).holds(elemsEqual))
    }

    func testRenderedReadsTheIdentitiesOfTheNamedRender() throws {
        let before = try witnesses("LazyVStack { if true { Counter(state: 0) } }", generation: 0)[0]
        let between = try witnesses("LazyVStack { if false { Counter(state: 0) } }", generation: 1)
        let after = try witnesses("LazyVStack { if true { Counter(state: 0) } }", generation: 2)[0]
        XCTAssertEqual(between.count, 0)
        let evaluator = TreeEvaluator(
            rules: .runtime, witnesses: [before, after],
            renderedIdentities: [[before.path.identity], Set(between.map(\.path.identity)), [after.path.identity]])
        XCTAssertTrue(evaluator.holds(.rendered(path: 0, render: 2)))
        XCTAssertFalse(evaluator.holds(.rendered(path: 0, render: 1)))
        XCTAssertTrue(evaluator.holds(.and([.survives(0, 1), .not(.rendered(path: 1, render: 1))])))
    }
}
