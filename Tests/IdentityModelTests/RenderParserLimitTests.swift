import IdentityModel
import XCTest

/// Input the render parser must reject with a located error instead of crashing, hanging or
/// misreading it, each with its cause (E041's `cause` in reports).
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
        XCTAssertEqual(error(nested)?.cause, .limit)
        XCTAssertEqual(error(nested)?.column, RenderParser.maximumNesting * 9 + 1, "the view one past the limit")
        let anyViews = String(repeating: "AnyView(", count: depth) + "Counter(state: 0)" + String(repeating: ")", count: depth)
        XCTAssertEqual(error(anyViews)?.cause, .limit)
        XCTAssertEqual(error(anyViews)?.column, RenderParser.maximumNesting * 8 + 1)
        let modifiers = "Counter(state: 0)" + String(repeating: ".padding(1)", count: depth)
        XCTAssertEqual(error(modifiers)?.cause, .limit)
        let allowed = String(repeating: "VStack { ", count: 100) + "Counter(state: 0)" + String(repeating: " }", count: 100)
        XCTAssertNil(error(allowed))
    }

    func testIntegersAreAsciiAndFitInInt() {
        let overflow = error("Counter(state: 99999999999999999999)")
        XCTAssertEqual(overflow?.cause, .integerOverflow)
        XCTAssertEqual(overflow?.column, 16)
        XCTAssertEqual(error("Counter(state: ٣)")?.cause, .syntax, "an Arabic-Indic digit is not an integer")
        XCTAssertNil(error("Counter(state: \(Int.max))"))
    }

    func testHugeRangesAreRejected() {
        XCTAssertEqual(error("ForEach(0..<10000000) { Row(state: 0) }")?.cause, .limit)
        XCTAssertNil(error("ForEach(0..<9000) { Row(state: 0) }"))
    }

    /// Rows that share a nested ForEach expand multiplicatively: the count stops at the limit
    /// instead of walking 10^9 views, and the text may not build more rows than that either.
    func testRendersHaveAtMostTenThousandViews() {
        let nested = "\n  " + String(repeating: "ForEach(0..<1000) { ", count: 3) + "Row(state: 0)" + String(repeating: " }", count: 3)
        let tooMany = error(nested)
        XCTAssertEqual(tooMany?.cause, .limit)
        XCTAssertEqual(tooMany?.line, 2)
        XCTAssertEqual(tooMany?.column, 3)
        XCTAssertEqual(error("ForEach(0..<6000) { Row(state: 0) }\nForEach(0..<6000) { Row(state: 0) }")?.cause, .limit)
        XCTAssertNil(error("VStack { ForEach(0..<99) { ForEach(0..<99) { Row(state: 0) } } }"))
        let render = try? RenderParser.parse("VStack { ForEach(0..<99) { ForEach(0..<99) { Row(state: 0) } } }")
        XCTAssertEqual(render?.viewCount(upTo: 100_000), 2 + 99 * (1 + 99))
        XCTAssertNil(render?.viewCount(upTo: 9_901))
    }

    /// E041's causes other than a limit: each kind of refusal keeps its own code.
    func testEachCauseOfARefusedBlockIsItsOwn() {
        XCTAssertEqual(error("Counter(state: 0")?.cause, .syntax)
        XCTAssertEqual(error("Counter(state: 0) Counter(state: 1)")?.cause, .syntax)
        XCTAssertEqual(error("ForEach(1..<3) { Row(state: 0) }")?.cause, .unsupported, "a range not from 0")
        func treeError(_ text: String) -> RenderSyntaxError? {
            do {
                _ = try RenderParser.parseViewTree(text)
                return nil
            } catch {
                return error as? RenderSyntaxError
            }
        }
        XCTAssertEqual(treeError("Root() { ForEach([1, 1], id: \\.self) { Row(item: $0) } }")?.cause, .undefinedBehaviour)
        XCTAssertEqual(treeError("Root() { ForEach(0..<2) { Row(item: $0) } }")?.cause, .unsupported, "a constant range in a view tree")
        XCTAssertNil(treeError("Root() { ForEach([1, 2], id: \\.self) { Row(item: $0) } }"))
    }

    func testCRLFSeparatesViewsLikeLF() throws {
        let lf = try RenderParser.parse("VStack {\n  Counter(state: 1) @a\n  Counter(state: 2) @b\n}")
        let crlf = try RenderParser.parse("VStack {\r\n  Counter(state: 1) @a\r\n  Counter(state: 2) @b\r\n}")
        XCTAssertEqual(crlf, lf)
    }
}
