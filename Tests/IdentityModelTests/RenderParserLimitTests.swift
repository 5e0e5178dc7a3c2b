import IdentityModel
import XCTest

/// Input the render parser must reject with a located error instead of crashing, hanging or
/// misreading it.
final class RenderParserLimitTests: XCTestCase {
    private func error(_ text: String) -> RenderSyntaxError? {
        do {
            _ = try RenderParser.parse(text)
            return nil
        } catch {
            return error as? RenderSyntaxError
        }
    }

    func testDeepNestingIsAnErrorNotAStackOverflow() {
        let depth = 20_000
        let nested = String(repeating: "VStack { ", count: depth) + "Counter(state: 0)" + String(repeating: " }", count: depth)
        XCTAssertEqual(error(nested)?.message, "views are nested more than \(RenderParser.maximumNesting) deep")
        let anyViews = String(repeating: "AnyView(", count: depth) + "Counter(state: 0)" + String(repeating: ")", count: depth)
        XCTAssertEqual(error(anyViews)?.message, "views are nested more than \(RenderParser.maximumNesting) deep")
        let modifiers = "Counter(state: 0)" + String(repeating: ".padding(1)", count: depth)
        XCTAssertEqual(error(modifiers)?.message, "views and modifiers are nested more than \(RenderParser.maximumNesting) deep")
        let allowed = String(repeating: "VStack { ", count: 100) + "Counter(state: 0)" + String(repeating: " }", count: 100)
        XCTAssertNil(error(allowed))
    }

    func testIntegersAreAsciiAndFitInInt() {
        let overflow = error("Counter(state: 99999999999999999999)")
        XCTAssertEqual(overflow?.message, "integer '99999999999999999999' does not fit in Int")
        XCTAssertEqual(overflow?.column, 16)
        XCTAssertNotNil(error("Counter(state: ٣)"), "an Arabic-Indic digit is not an integer")
    }

    func testHugeRangesAreRejected() {
        XCTAssertEqual(
            error("ForEach(0..<10000000) { Row(state: 0) }")?.message,
            "a range must have 0 to \(RenderParser.maximumRows) rows, not 10000000")
    }

    /// Rows that share a nested ForEach expand multiplicatively: the count stops at the limit
    /// instead of walking 10^9 views, and the text may not build more rows than that either.
    func testRendersHaveAtMostTenThousandViews() {
        let nested = "\n  " + String(repeating: "ForEach(0..<1000) { ", count: 3) + "Row(state: 0)" + String(repeating: " }", count: 3)
        let tooMany = error(nested)
        XCTAssertEqual(tooMany?.message, "the render has more than \(RenderParser.maximumViews) views (each ForEach row counts with its content)")
        XCTAssertEqual(tooMany?.line, 2)
        XCTAssertEqual(tooMany?.column, 3)
        XCTAssertEqual(
            error("ForEach(0..<6000) { Row(state: 0) }\nForEach(0..<6000) { Row(state: 0) }")?.message,
            "the render's ForEach loops have more than \(RenderParser.maximumViews) rows in all")
        XCTAssertNil(error("VStack { ForEach(0..<99) { ForEach(0..<99) { Row(state: 0) } } }"))
        let render = try? RenderParser.parse("VStack { ForEach(0..<99) { ForEach(0..<99) { Row(state: 0) } } }")
        XCTAssertEqual(render?.viewCount(upTo: 100_000), 2 + 99 * (1 + 99))
        XCTAssertNil(render?.viewCount(upTo: 9_901))
    }

    func testCRLFSeparatesViewsLikeLF() throws {
        let lf = try RenderParser.parse("VStack {\n  Counter(state: 1) @a\n  Counter(state: 2) @b\n}")
        let crlf = try RenderParser.parse("VStack {\r\n  Counter(state: 1) @a\r\n  Counter(state: 2) @b\r\n}")
        XCTAssertEqual(crlf, lf)
    }
}
