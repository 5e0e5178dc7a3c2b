import IdentityModel
import Invalidation
import XCTest

/// `ViewNode` shares its fields between copies until one changes (copy on write): a change of a
/// copy must never reach the node it was copied from, nor a tree holding it, and equality and
/// hashing must still read every field, not the shared box.
final class ViewNodeCopyTests: XCTestCase {
    /// A change of every field, each to a value other than `base`'s.
    private static let changes: [(name: String, change: @Sendable (inout ViewNode) -> Void)] = [
        ("label", { $0.label = "other" }),
        ("steps", { $0.steps = [.explicitID(.int(1))] }),
        ("value", { $0.value.properties = [StoredProperty("x", .plain(2))] }),
        ("stateChange", { $0.stateChange = .changedRead }),
        ("dependencyChanged", { $0.dependencyChanged = true }),
        ("children", { $0.children = [ViewNode("child", value: ViewValue("C"))] }),
        ("locationWasRead", { $0.locationWasRead = true }),
        ("observedReadChanged", { $0.observedReadChanged = true }),
        ("observedObjectChanged", { $0.observedObjectChanged = true }),
        ("observedReads", { $0.observedReads = [ObservedProperty(object: 1, property: "a")] }),
        ("observableChanges", { $0.observableChanges = [ObservedProperty(object: 1, property: "a"): 1] }),
        ("environment", { $0.environment = ["k0": 1] }),
        ("environmentObjects", { $0.environmentObjects = ["M0": 2] }),
        ("objectsSent", { $0.objectsSent = [2] }),
    ]

    private static func made() -> ViewNode { ViewNode("view", value: ViewValue("V", [StoredProperty("x", .plain(1))])) }

    /// A copy changed in any one field differs from the original, which still equals (and hashes
    /// as) a node built alike; the same change made to two copies gives equal nodes.
    func testAChangedCopyLeavesTheOriginal() {
        for (name, change) in Self.changes {
            let original = Self.made()
            var copy = original
            change(&copy)
            XCTAssertNotEqual(copy, original, name)
            XCTAssertEqual(original, Self.made(), name)
            XCTAssertEqual(original.hashValue, Self.made().hashValue, name)
            XCTAssertEqual(Set([original, copy]).count, 2, name)
            var again = Self.made()
            change(&again)
            XCTAssertEqual(again, copy, name)
            XCTAssertEqual(again.hashValue, copy.hashValue, name)
        }
    }

    /// A child changed in a copy of its parent's tree stays changed there only.
    func testAChangeBelowACopiedTreeStaysInTheCopy() {
        let tree = ViewNode("root", value: ViewValue("R"), children: [Self.made(), Self.made()])
        var copy = tree
        copy.children[1].stateChange = .changedUnread
        copy.children[0].value.hasState = true
        XCTAssertEqual(tree.children.map(\.stateChange), [StateChange.none, .none])
        XCTAssertEqual(tree.children.map(\.value.hasState), [false, false])
        XCTAssertEqual(copy.children.map(\.stateChange), [StateChange.none, .changedUnread])
        XCTAssertEqual(copy.children.map(\.value.hasState), [true, false])
        XCTAssertEqual(tree.preorder.map(\.label), ["root", "view", "view"])
    }
}
