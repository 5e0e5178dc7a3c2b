import Foundation
import XCTest

@testable import verify_lemmas

/// The stable codes of the command line's refusals and ends: each printed as the last `[CODE]` of its
/// line, each family's codes distinct, and every one listed in README.md's "Exit status", which
/// is where tools look them up.
final class CodedMessageTests: XCTestCase {
    private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    private static let codes: [String] = UsageError.Code.allCases.map(\.rawValue) + MergeRefusal.Code.allCases.map(\.rawValue)
        + RunEnd.Code.allCases.map(\.rawValue) + TocFailure.Code.allCases.map(\.rawValue)

    func testEveryCodeIsDistinctAndInTheReadme() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        XCTAssertEqual(Set(Self.codes).count, Self.codes.count, "a code given twice")
        for code in Self.codes { XCTAssertTrue(text.contains("`\(code)`"), "\(code) is not in README.md") }
    }

    func testEachMessageEndsItsLineWithItsCode() {
        let messages: [any CodedMessage] = [
            UsageError(.badShard, "--shard 3/2 [1/2]"), MergeRefusal(.notJSON, "a.json: not JSON"), MergeRefusal(code: "M013", detail: "x"),
            RunEnd(.boundsTooLarge, "Error: 200 identities"), TocFailure(.stale, "README.md: stale"),
            ReportFile.Failure(option: "--json", path: "r.json", reason: "EIO"),
        ]
        // A detail that itself ends in brackets does not hide the code.
        XCTAssertEqual(messages.map { Self.lastCode($0.line) }, ["U007", "M001", "M013", "X006", "T004", "X003"])
        XCTAssertTrue(messages.allSatisfy { $0.line.hasSuffix("]\n") && !$0.line.dropLast().contains("\n") })
    }

    /// What ends `line` between brackets, before its newline.
    private static func lastCode(_ line: String) -> String? {
        let text = line.dropLast()
        guard text.hasSuffix("]"), let open = text.lastIndex(of: "[") else { return nil }
        return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }

    func testTocExitsOneOnlyWhenStale() {
        XCTAssertEqual(TocFailure.Code.allCases.filter { TocFailure($0, "").exitCode == 1 }, [.stale])
    }
}
