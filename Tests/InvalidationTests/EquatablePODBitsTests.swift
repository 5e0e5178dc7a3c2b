import IdentityModel
import Invalidation
import XCTest

/// I4 under `equatableView: .podBitsFirst`: `.equatable()` asks a POD view's `==` only once its bits
/// changed (issue 28); and I3's mutant `nonPODFieldsAlwaysDiffer`, which takes away the field-by-field
/// comparison of a non-POD view.
final class EquatablePODBitsTests: XCTestCase {
    /// The parent's state changed and its body read it; its child as written in `child(count)`.
    private func tree(_ child: String) throws -> ViewNode {
        var root = try ViewTreeParser.parse("Screen(state: 0) @screen { \(child) @badge }").root
        root.stateChange = .changedRead
        return root
    }

    private func badge(_ rules: InvalidationRules, _ before: String, _ after: String) throws -> EvaluationReason {
        let events = BodyEvaluator(rules: rules).evaluate(before: try tree(before), after: try tree(after))
        return try XCTUnwrap(events.first { $0.label == "badge" }).reason
    }

    func testAnUnchangedPODViewUnderEquatableIsSkippedWhateverItsEq() throws {
        let badge = "Badge(count: 1) == false .equatable()"
        for rules in [InvalidationRules.runtime, .handWritten] {
            XCTAssertEqual(try self.badge(rules, badge, badge), .comparedEqual, rules.name)
        }
        // The seed's reading, the design reading and the mutant ask the `==`.
        for rules in [InvalidationRules.seed003, .design, .runtime.mutated(.equatablePODBitsIgnored)] {
            XCTAssertEqual(try self.badge(rules, badge, badge), .comparedDifferent(.customEqualitySaidDifferent), rules.name)
        }
    }

    func testOnceAFieldChangedTheEqDecides() throws {
        XCTAssertEqual(
            try badge(.runtime, "Badge(count: 1) == false .equatable()", "Badge(count: 2) == false .equatable()"),
            .comparedDifferent(.customEqualitySaidDifferent))
        XCTAssertEqual(
            try badge(.runtime, "Badge(count: 1) == true .equatable()", "Badge(count: 2) == true .equatable()"), .comparedEqual)
    }

    func testANonPODViewUnderEquatableAlwaysAsksItsEq() throws {
        for owner in ["object(1)", "\"New\""] {
            let badge = "Badge(count: 1, owner: \(owner)) == false .equatable()"
            XCTAssertEqual(try self.badge(.runtime, badge, badge), .comparedDifferent(.customEqualitySaidDifferent), owner)
        }
    }

    /// Without `.equatable()` nothing changes: a POD view is compared field by field, its `==` ignored.
    func testWithoutEquatableTheOptionChangesNothing() throws {
        let badge = "Badge(count: 1) == false"
        for rules in [InvalidationRules.runtime, .seed003, .runtime.mutated(.equatablePODBitsIgnored)] {
            XCTAssertEqual(try self.badge(rules, badge, badge), .comparedEqual, rules.name)
        }
    }

    /// Before layouts every comparison is bitwise, `.equatable()` included, whatever the option says.
    func testLayoutsPendingStaysBitwise() throws {
        XCTAssertEqual(
            try badge(.layoutsPending, "Badge(count: 1) == true .equatable()", "Badge(count: 2) == true .equatable()"),
            .comparedDifferent(.differentAt("count")))
        XCTAssertEqual(
            try badge(.layoutsPending, "Badge(count: 1) == false .equatable()", "Badge(count: 1) == false .equatable()"),
            .comparedEqual)
    }

    func testTheI3MutantMakesOnlyANonPODViewDiffer() throws {
        let mutant = InvalidationRules.runtime.mutated(.nonPODFieldsAlwaysDiffer)
        let label = "Label(title: \"Weather\", count: 3)"
        XCTAssertEqual(try badge(.runtime, label, label), .comparedEqual)
        XCTAssertEqual(try badge(mutant, label, label), .comparedDifferent(.differentAt("title")))
        XCTAssertEqual(try badge(mutant, "Counter(state: 5)", "Counter(state: 5)"), .comparedDifferent(.differentAt(ViewValue.stateField)))
        XCTAssertEqual(try badge(mutant, "Badge(count: 1)", "Badge(count: 1)"), .comparedEqual, "a POD view is not touched")
    }
}
