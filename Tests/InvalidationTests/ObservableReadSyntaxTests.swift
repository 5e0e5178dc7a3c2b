import IdentityModel
import Invalidation
import XCTest

/// `@Observable` reads written in a body: `let _ = observable(1).a` (an object the body reaches
/// without holding it) and `let _ = store.a` read as `Text(…)` reads do but make no view, so a body
/// that reads more or less keeps its children's identities; the printer writes a tree's reads so.
final class ObservableReadSyntaxTests: XCTestCase {
    func testALetReadOfAReachedObjectIsAnObservation() throws {
        let parsed = try ViewTreeParser.parse("App() @app { Row() @row { let _ = observable(3).b; Text(observable(1).a) } }")
        XCTAssertEqual(
            parsed.observations["row"], [ObservedProperty(object: 3, property: "b"), ObservedProperty(object: 1, property: "a")])
        XCTAssertNil(parsed.observations["app"])
        XCTAssertEqual(parsed.observableObjects, [1, 3])
    }

    func testALetReadOfAHeldObjectIsTheSameAsATextRead() throws {
        let written = try ViewTreeParser.parse("App() @app { Row(store: observable(1)) @row { let _ = store.a } }")
        let text = try ViewTreeParser.parse("App() @app { Row(store: observable(1)) @row { Text(store.a) } }")
        XCTAssertEqual(written.observations, text.observations)
        XCTAssertEqual(written.observations["row"], [ObservedProperty(object: 1, property: "a")])
    }

    /// A `Text` read beside a child makes the body a tuple (the child's identity moves); a `let`
    /// read does not.
    func testALetReadLeavesTheChildrensStepsAsTheyAre() throws {
        let bare = try ViewTreeParser.parse("App() @app { Row() @row { Cell(n: 1).id(2) @cell } }")
        let read = try ViewTreeParser.parse("App() @app { Row() @row {\n let _ = observable(1).a\n let _ = observable(1).b\n Cell(n: 1).id(2) @cell\n } }")
        let texted = try ViewTreeParser.parse("App() @app { Row() @row { Text(observable(1).a); Cell(n: 1).id(2) @cell } }")
        let steps = { (parsed: ViewTreeParser.Parsed) in parsed.root.children[0].children[0].steps }
        XCTAssertEqual(steps(read), steps(bare))
        XCTAssertNotEqual(steps(texted), steps(bare))
    }

    func testMalformedReadsAreErrorsWithPositions() {
        let cases: [(String, Int)] = [
            ("App() @app { Row() @row { let _ = observable(1) } }", 49),  // no property
            ("App() @app { Row() @row { let x = observable(1).a } }", 31),  // a named constant
            ("App() @app { Row() @row { let _ = store.a } }", 35),  // `store` is not held
            ("App() @app { Row() @row { let _ observable(1).a } }", 33),  // no `=`
            ("let _ = observable(1).a", 9),  // outside any body
        ]
        for (text, column) in cases {
            XCTAssertThrowsError(try ViewTreeParser.parse(text), text) { error in
                XCTAssertEqual((error as? RenderSyntaxError)?.column, column, "\(error)\n\(text)")
            }
        }
    }

    /// What the printer writes for a node's reads and changes parses back to the same reads, and a
    /// change is written as the step a scenario takes (`set observable(1).a = 2`), noted once.
    func testPrintedReadsParseBack() throws {
        let a = ObservedProperty(object: 1, property: "a")
        let b = ObservedProperty(object: 2, property: "b")
        let leaf = ViewNode("leaf", value: ViewValue("Leaf"), observedReads: [b], observableChanges: [a: 2])
        let row = ViewNode("row", value: ViewValue("Row"), children: [leaf], observedReads: [a, b], observableChanges: [a: 2])
        let root = ViewNode("app", value: ViewValue("App"), children: [row])
        let code = RenderPrinter.print(root)
        let parsed = try ViewTreeParser.parse(code)
        XCTAssertEqual(parsed.observations["row"], [a, b], code)
        XCTAssertEqual(parsed.observations["leaf"], [b], code)
        XCTAssertNil(parsed.observations["app"], code)
        XCTAssertEqual(code.components(separatedBy: "set observable(1).a = 2").count, 2, code)
        XCTAssertFalse(code.contains("when it runs"), code)
    }
}
