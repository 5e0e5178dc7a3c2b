import Invalidation
import LemmaLogic
import XCTest

/// `ViewLink` shares its fields between copies until one changes (copy on write): a change of a
/// copy must never reach the link it was copied from, and equality and hashing must still read
/// every field, not the shared box.
final class ViewLinkCopyTests: XCTestCase {
    /// A change of every field, each to a value other than `base`'s.
    private static let changes: [(name: String, change: @Sendable (inout ViewLink) -> Void)] = [
        ("survives", { $0.survives = false }),
        ("parentEvaluated", { $0.parentEvaluated = false }),
        ("old", { $0.old = [.plain(7)] }),
        ("new", { $0.new = [.plain(8)] }),
        ("equality", { $0.equality = .alwaysTrue }),
        ("equatable", { $0.equatable = true }),
        ("hasState", { $0.hasState = true }),
        ("stateChange", { $0.stateChange = .changedRead }),
        ("unreadStateAlsoChanged", { $0.unreadStateAlsoChanged = true }),
        ("signalled", { $0.signalled = true }),
        ("initialChanged", { $0.initialChanged = true }),
        ("declaresUnnamedEnvironment", { $0.declaresUnnamedEnvironment = true }),
        ("tracked", { $0.tracked = [0] }),
        ("reads", { $0.reads = [1] }),
        ("propertyChanges", { $0.propertyChanges = [0] }),
        ("declaredKeys", { $0.declaredKeys = [0] }),
        ("keyChanges", { $0.keyChanges = [1] }),
        ("observedObjects", { $0.observedObjects = [0] }),
        ("foundObjects", { $0.foundObjects = [1] }),
        ("objectsSent", { $0.objectsSent = [0] }),
        ("holdsStateObject", { $0.holdsStateObject = true }),
        ("initialiserChanged", { $0.initialiserChanged = true }),
        ("keepsStateObject", { $0.keepsStateObject = true }),
        ("stateLocation", { $0.stateLocation = 3 }),
        ("stateSet", { $0.stateSet = StateSet(held: 0, set: 1, read: true) }),
        ("row", { $0.row = RowChange(keyKept: false, moved: true) }),
        ("oldType", { $0.oldType = ViewLinkType(equality: .alwaysFalse, equatable: false, hasState: false, declaresUnnamedEnvironment: false) }),
    ]

    private static let base = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])

    /// A copy changed in any one field differs from the original, which keeps its value, and from
    /// a link built alike; the original still equals (and hashes as) a link built alike.
    func testAChangedCopyLeavesTheOriginal() {
        for (name, change) in Self.changes {
            let original = Self.base
            var copy = original
            change(&copy)
            XCTAssertNotEqual(copy, original, name)
            XCTAssertEqual(original, Self.base, name)
            XCTAssertEqual(original, ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)]), name)
            XCTAssertEqual(Set([original, copy]).count, 2, name)
        }
    }

    /// Red team of the setters that copy nothing for the value a field holds: a copy first set to
    /// its own value and then changed (so the box was still shared when the change came) leaves the
    /// original as built, in every field.
    func testASetToTheSameValueThenAChangeLeavesTheOriginal() {
        for (name, change) in Self.changes {
            let original = Self.base
            var copy = original
            copy.tracked = original.tracked
            copy.reads = original.reads
            copy.propertyChanges = original.propertyChanges
            copy.objectsSent = original.objectsSent
            XCTAssertEqual(copy, original, name)
            change(&copy)
            XCTAssertNotEqual(copy, original, name)
            XCTAssertEqual(original, ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)]), name)
        }
    }

    /// Links built apart with the same fields are equal and hash alike; the same change made to
    /// two copies of one link gives equal links.
    func testEqualityReadsTheFieldsNotTheBox() {
        let a = ViewLink(survives: false, parentEvaluated: true, old: [], new: [], tracked: [0, 1], stateLocation: 2)
        let b = ViewLink(survives: false, parentEvaluated: true, old: [], new: [], tracked: [1, 0], stateLocation: 2)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        for (name, change) in Self.changes {
            var first = Self.base
            var second = Self.base
            change(&first)
            change(&second)
            XCTAssertEqual(first, second, name)
            XCTAssertEqual(first.hashValue, second.hashValue, name)
        }
    }

    /// Changes to a link held in an array reach that element only, as with a value.
    func testChangesThroughAnArrayStayInTheirElement() {
        var history = [ViewLink](repeating: Self.base, count: 3)
        history[1].tracked = [0]
        history[2].survives = false
        XCTAssertEqual(history.map(\.tracked), [[], [0], []])
        XCTAssertEqual(history.map(\.survives), [true, true, false])
        XCTAssertEqual(history[0], Self.base)
    }
}
