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

    /// Each path field and each comparison of two paths reads the witnesses it names, not a
    /// neighbour: three witnesses, two of them the same view, with states and sets of their own.
    func testPathReadsTakeTheWitnessTheyName() throws {
        let first = try witnesses("VStack { Counter(state: 0); Counter(state: 4) }", generation: 0)
        let again = try witnesses("VStack { Counter(state: 0); Counter(state: 4) }", generation: 1)
        var views = [first[0], first[1], again[0]]
        views[0].state = 10
        views[1].state = 11
        views[2].state = 12
        views[2].set = 7
        let evaluator = TreeEvaluator(rules: .runtime, witnesses: views)
        XCTAssertTrue(evaluator.holds(.sameView(0, 2)))
        XCTAssertFalse(evaluator.holds(.sameView(0, 1)))
        XCTAssertFalse(evaluator.holds(.sameView(1, 2)))
        XCTAssertTrue(evaluator.holds(.sameAddress(2, 0)))
        XCTAssertFalse(evaluator.holds(.sameAddress(2, 1)))
        for (path, state) in [(0, 10), (1, 11), (2, 12)] {
            XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: path, .state), .int(state))), "\(path)")
        }
        XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: 1, .initial), .int(4))))
        XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: 2, .initial), .int(0))))
        XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: 2, .set), .int(7))))
        XCTAssertFalse(evaluator.holds(.compare(.equal, .pathField(path: 0, .set), .int(7))))
        XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: 0, .identity), .pathField(path: 2, .identity))))
        XCTAssertFalse(evaluator.holds(.compare(.equal, .pathField(path: 0, .identity), .pathField(path: 1, .identity))))
        XCTAssertTrue(evaluator.holds(.compare(.equal, .pathField(path: 1, .length), .pathField(path: 2, .length))))
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

    /// A quantifier that binds a variable already bound hides the outer binding in its body only:
    /// after it, the outer index is read again, and a variable no quantifier binds reads no step.
    func testAnInnerBindingOfAVariableEndsWithItsQuantifier() throws {
        let path = try witnesses("VStack { Counter(state: 0).padding(8).id(3) }", generation: 0)[0]
        XCTAssertEqual(path.path.steps.map(\.kind), [.container, .explicitID, .modified], "\(path.path)")
        let evaluator = TreeEvaluator(rules: .runtime, witnesses: [path])
        let at = { (kind: StepKind) in LogicFormula.compare(.equal, .stepField(path: 0, index: .variable(0), .kind), .kind(kind)) }
        let isIndex = { (value: Int) in LogicFormula.compare(.equal, .index(.variable(0)), .int(value)) }
        // The outer v0 at the modifier (2); the inner v0 ranges over the steps, then v0 is 2 again.
        XCTAssertTrue(evaluator.holds(.exists(variable: 0, path: 0, .and([at(.modified), .exists(variable: 0, path: 0, isIndex(0)), at(.modified), isIndex(2)]))))
        // Inside the inner quantifier v0 is the inner index: the container is at 0, not at 2.
        XCTAssertTrue(evaluator.holds(.exists(variable: 0, path: 0, .and([at(.modified), .forall(variable: 0, path: 0, .implies(isIndex(0), at(.container)))]))))
        XCTAssertFalse(evaluator.holds(.exists(variable: 0, path: 0, .and([at(.modified), .exists(variable: 0, path: 0, .and([isIndex(0), at(.modified)]))]))))
        // Two variables: v1 is read under v0's binding.
        let v1IsV0PlusOne = LogicFormula.compare(.equal, .index(.variable(1)), .index(.variable(0, offset: 1)))
        XCTAssertTrue(evaluator.holds(.forall(variable: 0, path: 0, .implies(.not(isIndex(2)), .exists(variable: 1, path: 0, v1IsV0PlusOne)))))
        XCTAssertFalse(evaluator.holds(.forall(variable: 0, path: 0, .exists(variable: 1, path: 0, v1IsV0PlusOne))))
        // Unbound, v0 reads nothing, and no binding outlives its quantifier (an exists that stopped
        // at the container, index 0, leaves v0 unbound, not at 0).
        XCTAssertFalse(evaluator.holds(.or([isIndex(0), .compare(.notEqual, .index(.variable(0)), .int(0))])))
        XCTAssertFalse(evaluator.holds(.and([.exists(variable: 0, path: 0, isIndex(0)), at(.container)])))
        XCTAssertFalse(evaluator.holds(.and([.exists(variable: 1, path: 0, .exists(variable: 0, path: 0, isIndex(0))), at(.container)])))
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
