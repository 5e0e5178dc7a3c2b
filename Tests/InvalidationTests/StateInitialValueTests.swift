import IdentityModel
import Invalidation
import XCTest

/// The `@State` initial value in the comparison (I3, option `stateInitialValue`).
final class StateInitialValueTests: XCTestCase {
    private func tree(start: Int) throws -> ViewNode {
        var root = try ViewTreeParser.parse("Parent(state: 0) @parent { Counter(state: \(start), n: 1) @counter }").root
        root.stateChange = .changedRead
        return root
    }

    func testANewInitialValueIsADifferenceAtTheStateField() throws {
        let events = BodyEvaluator(rules: .runtime).evaluate(before: try tree(start: 5), after: try tree(start: 7))
        let counter = try XCTUnwrap(events.first { $0.label == "counter" })
        XCTAssertEqual(counter.reason, .comparedDifferent(.differentAt(ViewValue.stateField)))
        XCTAssertEqual(counter.rules(under: .runtime), ["I2", "I3"])
        XCTAssertEqual(counter.failedProperty, "_state: State(initialValue: 5) -> State(initialValue: 7)")
    }

    func testTheOldRulesAndTheMutantIgnoreIt() throws {
        for rules in [InvalidationRules.handWritten, .runtime.mutated(.stateInitialValueIgnored)] {
            let events = BodyEvaluator(rules: rules).evaluate(before: try tree(start: 5), after: try tree(start: 7))
            XCTAssertEqual(events.first { $0.label == "counter" }?.reason, .comparedEqual, rules.name)
        }
    }

    func testTheSameInitialValueAndNoStateCompareEqual() {
        let rules = InvalidationRules.runtime
        XCTAssertTrue(rules.i3StateInitialEqual(5, 5))
        XCTAssertTrue(rules.i3StateInitialEqual(nil, nil))
        XCTAssertFalse(rules.i3StateInitialEqual(nil, 5))
        XCTAssertFalse(rules.i3StateInitialEqual(5, 7))
    }

    /// A stored property that differs is reported before the state field (declaration order).
    func testAStoredPropertyComesFirst() {
        let old = ViewValue("Counter", [StoredProperty("n", .plain(1))], hasState: true, initialState: 5)
        let new = ViewValue("Counter", [StoredProperty("n", .plain(2))], hasState: true, initialState: 7)
        XCTAssertEqual(InvalidationRules.runtime.i3FieldwiseDifference(old: old, new: new), "n")
    }
}
