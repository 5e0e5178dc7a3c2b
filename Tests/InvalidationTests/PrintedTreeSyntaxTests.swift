import IdentityModel
import XCTest

@testable import Invalidation

/// The render syntax a printed counterexample tree needs: a binding's snapshot written
/// (`$state(snapshot: 1)`), a `@StateObject`'s initialiser kept beside the object it holds, the
/// host's environment writes on the root; and the printer's trees parsing back to themselves.
final class PrintedTreeSyntaxTests: XCTestCase {
    func testAWrittenSnapshotIsKeptAndStillReadsTheState() throws {
        let parsed = try ViewTreeParser.parse("P(state: 3) @p { C(b: $state(snapshot: 1), k: $state.f(snapshot: 2), n: $state) @c }")
        let child = try XCTUnwrap(parsed.root.children.first)
        let location = ViewTreeParser.stateLocation(of: "p")
        XCTAssertEqual(child.value.property("b"), .projectedBinding(location: location, value: 1))
        XCTAssertEqual(child.value.property("k"), .keyPathBinding(location: location, keyPath: "f", value: 2))
        // Holding it sets p's read flag; only the binding written without a snapshot follows the state.
        XCTAssertEqual(parsed.stateReads["p"], ["c"])
        XCTAssertEqual(parsed.stateReaders["c"]?.properties, ["n"])
        let current = ViewTreeParser.withState(parsed.root, states: ["p": 3], readers: parsed.stateReaders).children[0]
        XCTAssertEqual(current.value.property("b"), .projectedBinding(location: location, value: 1))
        XCTAssertEqual(current.value.property("n"), .projectedBinding(location: location, value: 3))
    }

    func testAMalformedSnapshotIsASyntaxErrorWithItsPosition() {
        for text in ["P() @p { C(b: $x(value: 1)) @c }", "P() @p { C(b: $x(snapshot: )) @c }", "P() @p { C(b: $x(snapshot: 1) @c }"] {
            XCTAssertThrowsError(try ViewTreeParser.parse(text, line: 4, column: 3), text) { error in
                XCTAssertEqual((error as? RenderSyntaxError)?.line, 4, text)
            }
        }
    }

    func testTheRootCarriesTheHostsEnvironmentWritesAndNothingElse() throws {
        let parsed = try ViewTreeParser.parse(#"P().environment(\.k0, 1).environmentObject(model(3) as M0) @p { C(e: environment(\.k0)) @c }"#)
        XCTAssertEqual(parsed.root.children[0].environment, ["k0": 1])
        XCTAssertEqual(parsed.root.children[0].environmentObjects, ["M0": 3])
        XCTAssertThrowsError(try ViewTreeParser.parse("P().id(1) @p"))
        XCTAssertThrowsError(try ViewTreeParser.parse("AnyView(P()) @p"))
    }

    /// A tree as the lemma trees build it prints to text that parses back to the same values,
    /// initialisers and environments; a write is hoisted above a parent only where that parent
    /// does not declare the key (hoisting would change what reaches it).
    func testAPrintedTreeParsesBackToItself() throws {
        let owner = ViewTreeParser.stateLocation(of: "p")
        let child = ViewNode(
            "c", steps: [.explicitID(.int(0))],
            value: ViewValue(
                "C", [StoredProperty("b", .projectedBinding(location: owner, value: 2)), StoredProperty("x", .keyPathBinding(location: 7, keyPath: "f", value: 1)),
                      StoredProperty("store", .observed(object: 4))],
                environment: [EnvironmentProperty("e", key: "k0")], stateObjectInitialisers: ["store": 5]),
            environment: ["k0": 1, "k1": 2], environmentObjects: ["M0": 3])
        let declaring = ViewNode(
            "p", value: ViewValue("P", hasState: true, initialState: 0, environment: [EnvironmentProperty("e", key: "k1")]),
            children: [child])
        let root = ViewNode("parent", value: ViewValue("Parent"), children: [declaring])
        let text = RenderPrinter.print(root)
        XCTAssertTrue(text.contains("b: $state(snapshot: 2)"), text)
        XCTAssertTrue(text.contains("x: $location7.f(snapshot: 1)"), text)
        XCTAssertTrue(text.contains("store: stateObject(model(5))"), text)
        // k1 is declared by p, so its write stays on c; k0 and M0 go up to the host.
        XCTAssertTrue(text.contains(#"Parent().environment(\.k0, 1).environmentObject(model(3) as M0) @parent"#), text)
        XCTAssertTrue(text.contains(#".id(0).environment(\.k1, 2) @c"#), text)
        let parsed = try ViewTreeParser.parse(text)
        let back = try XCTUnwrap(parsed.root.children.first?.children.first)
        XCTAssertEqual(back.environment, child.environment)
        XCTAssertEqual(back.environmentObjects, child.environmentObjects)
        XCTAssertNil(parsed.root.children[0].environment["k1"])
        XCTAssertEqual(back.value.stateObjectInitialisers, ["store": 5])
        XCTAssertEqual(parsed.stateObjects["c"], ["store"])
        XCTAssertEqual(back.value.property("b"), child.value.property("b"))
        XCTAssertEqual(back.value.property("x"), .keyPathBinding(location: ViewTreeParser.location(of: "location7"), keyPath: "f", value: 1))
        // The runner's I12 puts the held object back; the values then agree.
        let held = ViewTreeParser.withStateObjects(parsed.root, objects: ["c": ["store": 4]]).children[0].children[0]
        XCTAssertEqual(held.value.property("store"), .observed(object: 4))
    }
}
