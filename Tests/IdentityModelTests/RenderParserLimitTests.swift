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

    func testCRLFSeparatesViewsLikeLF() throws {
        let lf = try RenderParser.parse("VStack {\n  Counter(state: 1) @a\n  Counter(state: 2) @b\n}")
        let crlf = try RenderParser.parse("VStack {\r\n  Counter(state: 1) @a\r\n  Counter(state: 2) @b\r\n}")
        XCTAssertEqual(crlf, lf)
    }
}
