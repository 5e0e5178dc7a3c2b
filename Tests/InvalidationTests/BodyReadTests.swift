import IdentityModel
import Invalidation
import XCTest

/// Reads written in a body (`Text(count)`) and the state reads `ViewTreeParser` derives from them
/// and from bindings, which set I8's sticky read flag.
final class BodyReadTests: XCTestCase {
    func testAnUnquotedArgumentIsAReadOfTheEnclosingView() throws {
        let views = try RenderParser.parseViewTree(
            "Parent(state: 0, title: \"t\") @parent { VStack { Text(state); Text(title) }; Child(count: $state) @child { Text(count) } }")
        XCTAssertEqual(views.first?.reads, ["state", "title"])
        XCTAssertEqual(views.first?.body.first?.reads, ["count"])
    }

    func testAReadInAnArmNotTakenIsNotMade() throws {
        let views = try RenderParser.parseViewTree(
            "P(state: 0, a: 1, b: 2) @p { if false { Text(a) } else { Text(b) }; if true { Text(state) }; if false { Text(a) } }")
        XCTAssertEqual(views.first?.reads, ["b", "state"])
        // Nor is one in the content of a ForEach without rows.
        let empty = try RenderParser.parseViewTree("P(state: 0, a: 1) @p { ForEach(0..<0, id: \\.self) { Text(state) }; Text(a) }")
        XCTAssertEqual(empty.first?.reads, ["a"])
    }

    func testAReadOfAnUnknownNameOrOutsideABodyIsAnError() {
        XCTAssertThrowsError(try RenderParser.parseViewTree("P(a: 1) @p { Text(count) }")) { error in
            XCTAssertEqual((error as? RenderSyntaxError)?.column, 19)
        }
        // `state` is a name only for a view that declares one.
        XCTAssertThrowsError(try RenderParser.parseViewTree("P(a: 1) @p { Text(state) }"))
        // A read names the view whose body makes it, not an outer one.
        XCTAssertThrowsError(try RenderParser.parseViewTree("P(a: 1) @p { C(b: 1) @c { Text(a) } }"))
        XCTAssertThrowsError(try RenderParser.parseViewTree("Text(a)"))
    }

    func testABindingPassedOnFromTheEnclosingViewIsRejected() throws {
        // `$isOn` of Mid's own binding would be an unrelated location whose value never changes.
        for passed in ["$isOn", "$isOn.flag", "$isOn[isMember: .a]"] {
            XCTAssertThrowsError(try RenderParser.parseViewTree(
                "Parent(state: 0) @parent { Mid(isOn: $state) @mid { Leaf(isOn: \(passed)) @leaf } }"), passed)
        }
        // A name the enclosing view does not hold is still a binding to a state outside the model.
        XCTAssertNoThrow(try RenderParser.parseViewTree("Parent(state: 0) @parent { Mid(isOn: $state) @mid { Leaf(isOn: $other) @leaf } }"))
    }

    func testStateReadsNameTheViewsWhoseEvaluationReadsTheStorage() throws {
        let parsed = try ViewTreeParser.parse(
            """
            Parent(state: 0) @parent {
              Toggle(isOn: $state) @toggle
              Field(isOn: $state.flag) @field
              Manual(isOn: Binding(get: { state }, set: { … })) @manual
              Other(isOn: $other) @other
            }
            """)
        // Located bindings are read by their holders' box updates, a manual getter by the owner's body.
        XCTAssertEqual(parsed.stateReads, ["parent": ["toggle", "field", "parent"]])
        let own = try ViewTreeParser.parse("Counter(state: 0) @counter { Text(state) }")
        XCTAssertEqual(own.stateReads, ["counter": ["counter"]])
        let none = try ViewTreeParser.parse("Counter(state: 0) @counter { Text(\"static\") }")
        XCTAssertEqual(none.stateReads, [:])
    }

    /// `Text(store.a)` with `store: observable(1)` tracks object 1's `a`; a plain reference's read is not tracked.
    func testObservablePropertyReadsAreTrackedPerView() throws {
        let parsed = try ViewTreeParser.parse(
            "App() @app { Row(store: observable(1), plain: object(2)) @row { Text(store.a); Text(plain.b); if false { Text(store.c) } } }")
        XCTAssertEqual(parsed.observations, ["row": [ObservedProperty(object: 1, property: "a")]])
        // An observable object is a reference compared by identity (I7).
        XCTAssertEqual(parsed.root.children.first?.value.property("store"), .reference(object: 1))
    }

    func testObservationRunsOnlyOnAReadPropertyUnderPropertyReads() {
        let rules = InvalidationRules.runtime
        XCTAssertTrue(rules.i8ObservationChanged(readChanged: true, objectChanged: true))
        XCTAssertFalse(rules.i8ObservationChanged(readChanged: false, objectChanged: true))
        XCTAssertFalse(InvalidationRules.handWritten.i8ObservationChanged(readChanged: true, objectChanged: true))
        XCTAssertTrue(rules.mutated(.observationPerObject).i8ObservationChanged(readChanged: false, objectChanged: true))
    }

    /// The read flag upgrades only an unread change, only under `readFlag: .sticky`.
    func testTheStickyFlagUpgradesAnUnreadChangeOnly() {
        let sticky = InvalidationRules.runtime
        XCTAssertEqual(sticky.i8StateChange(.changedUnread, locationWasRead: true), .changedRead)
        XCTAssertEqual(sticky.i8StateChange(.changedUnread, locationWasRead: false), .changedUnread)
        XCTAssertEqual(sticky.i8StateChange(.none, locationWasRead: true), StateChange.none)
        XCTAssertEqual(sticky.i8StateChange(.changedRead, locationWasRead: false), .changedRead)
        XCTAssertEqual(InvalidationRules.handWritten.i8StateChange(.changedUnread, locationWasRead: true), .changedUnread)
        XCTAssertEqual(sticky.mutated(.readFlagNotShared).i8StateChange(.changedUnread, locationWasRead: true), .changedUnread)
    }

    /// `handWritten` is `runtime` with every issue-23 option at its old value.
    func testHandWrittenIsTheOldRuntime() {
        let old = InvalidationRules.handWritten
        let new = InvalidationRules.runtime
        XCTAssertEqual(
            [old.customEquality.rawValue, old.closures.rawValue, old.bindings.rawValue, old.layouts.rawValue],
            [new.customEquality.rawValue, new.closures.rawValue, new.bindings.rawValue, new.layouts.rawValue])
        XCTAssertEqual(old.readFlag, .declared)
        XCTAssertEqual(new.readFlag, .sticky)
        XCTAssertEqual(old.stateInitialValue, .ignored)
        XCTAssertEqual(new.stateInitialValue, .compared)
        XCTAssertEqual(old.observation, .signalOnly)
        XCTAssertEqual(new.observation, .propertyReads)
        XCTAssertTrue(InvalidationRules.all.contains(old))
    }
}
