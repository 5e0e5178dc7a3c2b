import IdentityModel
import XCTest

final class RenderSyntaxTests: XCTestCase {
    func testPrintThenParseIsIdentityOverGeneratedRenders() throws {
        var random = RandomRenders(seed: 42)
        for _ in 0..<3000 {
            let render = random.render(of: random.program(depth: 5))
            let text = RenderPrinter.print(render)
            let parsed = try RenderParser.parse(text)
            XCTAssertEqual(parsed, render, "round trip failed for:\n\(text)")
            if parsed != render { return }
        }
    }

    func testAnEnvironmentWriteIsAModifierPerKeyAndPrintsAsWritten() throws {
        let text = #"VStack { Counter(state: 0).environment(\.colorScheme, 2) @a }.environment(\.locale, 1)"#
        let render = try RenderParser.parse(text)
        XCTAssertEqual(try RenderParser.parse(RenderPrinter.print(render)), render)
        XCTAssertTrue(RenderPrinter.print(render).contains(#".environment(\.colorScheme, 2)"#))
        guard case .modified(_, let modifier, value: 1) = render else { return XCTFail("\(render)") }
        XCTAssertEqual(modifier.environmentKey, "locale")
        XCTAssertNil(Modifier.padding.environmentKey)
        XCTAssertNotEqual(Modifier.environment("locale"), Modifier.environment("colorScheme"))
    }

    func testParsesTheReadmeScenario() throws {
        let render = try RenderParser.parse(
            """
            LazyVStack {
              UserView(state: 0).id(0) @top
              UserView(state: 0).id(1) @middle
            }
            """)
        let paths = render.statefulPaths(rules: .runtime, generation: 0)
        XCTAssertEqual(paths.map(\.label), ["top", "middle"])
        XCTAssertEqual(
            paths[1].identity, [.container(.LazyVStack), .slot(1), .explicit(1), .type("UserView")])
        XCTAssertEqual(paths[1].steps, [.container(.LazyVStack), .tuple(slot: 1, presentBefore: 1), .explicitID(1)])
        XCTAssertEqual(paths[1].address, [1])
    }

    /// `ForEach(items.indices, id: \.self)` spells index keys; without `id:` it is SwiftUI's
    /// `ForEach(_: Range<Int>)`, a constant range, exactly as `ForEach(0..<n)` is.
    func testItemsIndicesSpellsIndexKeysOrAConstantRange() throws {
        XCTAssertEqual(
            try RenderParser.parse(#"ForEach(["a", "b", "c"].indices, id: \.self) { Row(state: 0) @row }"#),
            try RenderParser.parse(#"ForEach(0..<3, id: \.self) { Row(state: 0) @row }"#))
        XCTAssertEqual(
            try RenderParser.parse(#"ForEach(["a", "b"].indices) { Row(state: 0) @row }"#),
            try RenderParser.parse("ForEach(0..<2) { Row(state: 0) @row }"))
        let render = try RenderParser.parse(#"ForEach([7, 8].indices, id: \.self) { Row(state: 0) @row }"#)
        XCTAssertEqual(render.statefulPaths(rules: .runtime, generation: 0).map(\.label), ["row[0]", "row[1]"])
        XCTAssertEqual(
            render.statefulPaths(rules: .runtime, generation: 0).map(\.steps),
            [[.forEach(source: .indices, key: .int(0), offset: 0)], [.forEach(source: .indices, key: .int(1), offset: 1)]])
        XCTAssertThrowsError(try RenderParser.parse(#"ForEach([1].indices, id: \.id) { Row(state: 0) }"#))
    }

    /// Rows taking different arms: one `case` per row, the same conditional program in each.
    func testRowsTakeTheirOwnArms() throws {
        let render = try RenderParser.parse(
            "ForEach([1, 2]) { case 1: if true { Row(state: 0) @on } else { Row(state: 0) @off }; "
                + "case 2: if false { Row(state: 0) @on } else { Row(state: 0) @off } }")
        let paths = render.statefulPaths(rules: .runtime, generation: 0)
        XCTAssertEqual(paths.map(\.label), ["on[1]", "off[2]"])
        XCTAssertEqual(paths.map { $0.identity.elements.dropLast().last }, [.arm(true), .arm(false)])
        XCTAssertThrowsError(
            try RenderParser.parse("ForEach([1, 2]) { case 1: if true { Row(state: 0) } else { Spacer }; case 2: Row(state: 0) }"))
    }

    func testStaticTypesAndAnyViewErasure() throws {
        let render = try RenderParser.parse("AnyView(Counter(state: 0).padding(4))")
        XCTAssertEqual(render.statefulPaths(rules: .runtime, generation: 0)[0].steps.first, .anyView(erased: "ModifiedContent<Counter, padding>"))
        let conditional = try RenderParser.parse("if false { Counter(state: 0) } else { Text }")
        XCTAssertEqual(conditional.staticType, "_ConditionalContent<Counter, Text>")
    }

    func testAddressCountsPresentSiblingsAndRowOffsets() throws {
        let render = try RenderParser.parse("VStack { if false { Text }; Text; ForEach([5, 6]) { Row(state: 0) @row } }")
        let paths = render.statefulPaths(rules: .runtime, generation: 0)
        XCTAssertEqual(paths.map(\.address), [[1, 0], [1, 1]])
        XCTAssertEqual(paths.map(\.label), ["row[5]", "row[6]"])
    }

    func testErrorsCarryPositionsOffsetByTheEnclosingFile() {
        XCTAssertThrowsError(try RenderParser.parse("VStack {\n  Counter(state: x)\n}", line: 10, column: 5)) { error in
            let syntaxError = error as? RenderSyntaxError
            XCTAssertEqual(syntaxError?.line, 11)
            XCTAssertEqual(syntaxError?.column, 18)
        }
        XCTAssertThrowsError(try RenderParser.parse("VStack { Text @x }", line: 3, column: 7)) { error in
            let syntaxError = error as? RenderSyntaxError
            XCTAssertEqual(syntaxError?.line, 3)
            XCTAssertEqual(syntaxError?.column, 22)
            XCTAssertEqual(syntaxError?.message, "'@x' must follow a view with state")
        }
        XCTAssertThrowsError(try RenderParser.parse("if maybe { Text }")) { error in
            XCTAssertEqual((error as? RenderSyntaxError)?.description, "1:4: expected 'true' or 'false' after 'if', found 'maybe'")
        }
    }
}
