import IdentityModel
import XCTest

/// `RenderParser.parseViewTree`: the render grammar with custom views. Each custom view's steps
/// are the ones the identity model's walk gives the same view, whatever the constructs above it.
final class ViewTreeSyntaxTests: XCTestCase {
    /// Every generated render, printed, read as a view tree: its stateful leaves are custom views
    /// with `@State`, and each has the steps, label and type `Render.statefulPaths` gives it.
    /// (Renders with undefined behaviour, which view trees reject, are left out.)
    func testCustomViewsHaveTheStepsOfTheIdentityWalk() throws {
        var random = RandomRenders(seed: 7)
        var compared = 0
        var nested = 0
        for _ in 0..<2000 {
            let render = random.render(of: random.program(depth: 5))
            let text = RenderPrinter.print(render)
            let views: [CustomViewSyntax]
            do {
                views = try RenderParser.parseViewTree(text)
            } catch let error as RenderSyntaxError where error.message.contains("(R8)") {
                continue
            }
            // The syntax keeps every AnyView; `runtime` unwraps one directly inside another (R5), which
            // then adds nothing to the identity, so its walk has no step for it.
            let paths = render.statefulPaths(rules: .anyViewLayered, generation: 1)
            XCTAssertEqual(views.map(\.steps), paths.map(\.steps), text)
            let unwrapped = render.statefulPaths(rules: .runtime, generation: 1)
            XCTAssertEqual(views.map { $0.steps.filter { !RuleSet.runtime.r5Unwraps($0) } }, unwrapped.map(\.steps), text)
            XCTAssertEqual(
                views.map { $0.steps.reduce(Identity([])) { RuleSet.runtime.childIdentity(of: $0, through: $1, generation: 1) } },
                unwrapped.map { Identity(Array($0.identity.elements.dropLast())) }, text)
            XCTAssertEqual(views.map(\.label), paths.map(\.label), text)
            XCTAssertEqual(views.map(\.staticType), paths.map(\.leafType), text)
            XCTAssertEqual(views.map(\.state), paths.map(\.initial), text)
            compared += views.count
            nested += views.filter { view in view.steps.contains { RuleSet.runtime.r5Unwraps($0) } }.count
        }
        XCTAssertGreaterThan(compared, 500)
        XCTAssertGreaterThan(nested, 20, "nested AnyViews generated")
    }

    func testForEachRowsAnyViewAndAnIDOnAContainer() throws {
        let views = try RenderParser.parseViewTree(
            """
            VStack {
              ForEach(["a", "b"]) { Row(title: $0) @row { Cell(n: 1) @cell } }
              AnyView(Gauge(t: 1) == true) @gauge
              LazyVStack { Left(n: 1) @left; Right(n: 2) @right }.id(7)
            }
            """)
        XCTAssertEqual(views.map(\.label), [#"row["a"]"#, #"row["b"]"#, "gauge", "left", "right"])
        XCTAssertEqual(views[0].body.map(\.label), [#"cell["a"]"#], "a row's body is the row's own")
        XCTAssertEqual(views[1].steps, [.container(.VStack), .tuple(slot: 0, presentBefore: 0), .forEach(source: .identifiable, key: "b", offset: 1)])
        XCTAssertEqual(views[0].properties, [PropertySyntax("title", .rowElement)])
        XCTAssertEqual(views[2].steps.last, .anyView(erased: "Gauge"))
        XCTAssertEqual(views[4].steps, [
            .container(.VStack), .tuple(slot: 2, presentBefore: 2), .explicitID(7), .container(.LazyVStack),
            .tuple(slot: 1, presentBefore: 1),
        ])
    }

    func testEquatableChangesTheTypeAnAnyViewErases() throws {
        let views = try RenderParser.parseViewTree("AnyView(Gauge(t: 1) == reads(t / [0, 10]).equatable())")
        XCTAssertEqual(views[0].steps, [.anyView(erased: "EquatableView<Gauge>")])
        XCTAssertEqual(views[0].equality, .reads([EqualitySyntax.Reading("t", thresholds: [0, 10])]))
    }

    func testRowsMayHaveValuesOfTheirOwn() throws {
        let views = try RenderParser.parseViewTree("ForEach([1, 2], id: \\.self) { case 1: Row(n: 10) @row; case 2: Row(n: 20) @row }")
        XCTAssertEqual(views.map(\.label), ["row[1]", "row[2]"])
        XCTAssertEqual(views.map(\.properties), [[PropertySyntax("n", .integer(10))], [PropertySyntax("n", .integer(20))]])
    }

    /// Misuses that must be errors at their position, not silently read as something else.
    func testMisusesAreErrorsWithPositions() {
        let cases: [(String, Int, Int, String)] = [
            ("Row(n: $0)", 1, 8, "'$0': only '$0', a ForEach row's element, inside a ForEach's content"),
            ("ForEach([1]) { Row(n: 1) { Cell(n: $0) } }", 1, 36, "'$0': only '$0', a ForEach row's element, inside a ForEach's content"),
            ("ForEach([1]) { Row(n: $1) }", 1, 23, "'$1': only '$0', a ForEach row's element, inside a ForEach's content"),
            ("Text @t", 1, 7, "'@t' must follow a custom view `Type(…)`"),
            ("VStack { Row(n: 1) } { Cell(n: 1) }", 1, 22, "a body in braces belongs to a custom view `Type(…)`"),
            ("Row(n: 1) == true .id(1).equatable()", 1, 25, "'.equatable()' follows a custom view's call (and its '==') directly"),
            ("Row(n: 1, n: 2)", 1, 11, "property 'n' is given twice"),
            ("row(n: 1)", 1, 1, "expected a view type (capitalised), found 'row'"),
            ("Row(n: 1) == reads(n / [3, 1])", 1, 25, "thresholds must be ascending"),
            ("Row(t: \"a\") == reads(t / [5])", 1, 22, "thresholds classify a number; 't' is not one"),
            ("Row(r: Range(lo: 1)) == reads(r / [5])", 1, 31, "thresholds classify a number; 'r' is not one"),
            ("Row(o: object(1, equatable: 3)) == reads(o / [5])", 1, 42, "thresholds classify a number; 'o' is not one"),
            ("Row(f: { go()", 1, 8, "unterminated '{' in a closure"),
            ("VStack { ForEach([1, 1]) { Row(n: $0) } }", 1, 10, "the ForEach repeats the key 1: undefined behaviour (R8), which a view tree cannot hold"),
            ("ForEach(0..<2) { Row(n: $0) }", 1, 1, "a view tree does not check that a constant-range ForEach (no 'id:') keeps its row count (R8); write 'id: \\.self'"),
        ]
        for (text, line, column, message) in cases {
            XCTAssertThrowsError(try RenderParser.parseViewTree(text), text) { error in
                let error = error as? RenderSyntaxError
                XCTAssertEqual(error?.message, message, text)
                XCTAssertEqual(error.map { [$0.line, $0.column] }, [line, column], text)
            }
        }
    }

    func testAClosureMayHoldBracesInStrings() throws {
        let views = try RenderParser.parseViewTree(#"Row(onTap: { print("}") }, n: 1) @row"#)
        XCTAssertEqual(views.first?.properties, [PropertySyntax("onTap", .closure(#"print("}")"#)), PropertySyntax("n", .integer(1))])
    }

    /// Rows copy their content's views: a render cannot grow past the view limit through nested rows.
    func testNestedRowsCannotBuildMoreThanTheViewLimit() {
        let text = "ForEach(0..<100, id: \\.self) { A(n: 1) { ForEach(0..<100, id: \\.self) { B(n: 1) { ForEach(0..<100, id: \\.self) { C(n: 1) } } } } }"
        XCTAssertThrowsError(try RenderParser.parseViewTree(text)) { error in
            XCTAssertEqual((error as? RenderSyntaxError)?.message.hasPrefix("the ForEach builds more than 10000 custom views"), true)
        }
    }

    /// Many views deep in a render: each gets every step above it, outermost first.
    func testManyViewsNestedDeepHaveEveryStepOutermostFirst() throws {
        let depth = 100
        let text = String(repeating: "VStack { ", count: depth) + "ForEach(0..<2000, id: \\.self) { Row(n: $0) }"
            + String(repeating: " }", count: depth)
        let views = try RenderParser.parseViewTree(text)
        XCTAssertEqual(views.count, 2000)
        XCTAssertEqual(views[1999].steps, Array(repeating: .container(.VStack), count: depth) + [.forEach(source: .indices, key: 1999, offset: 1999)])
    }

    /// Custom-view syntax stays an error in identity renders, which have no stored properties.
    func testIdentityRendersKeepTheirLeaves() {
        XCTAssertThrowsError(try RenderParser.parse("Row(n: 1)"))
        XCTAssertThrowsError(try RenderParser.parse("Counter(state: 0) { Cell(state: 0) }"))
    }
}
