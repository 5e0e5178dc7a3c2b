import Foundation
import TestSupport
import XCTest

@testable import LemmaLanguage

/// `verify-lemmas Lemmas/DIR/FILE.lemma --write-toc`, the one command of adding a lemma: the run,
/// then, only when every item is as expected, the table of contents of Lemmas/README.md.
final class WriteTocCommandTests: XCTestCase {
    private static func scenario(_ name: String, check: String) -> String {
        """
        scenario \(name) {
          summary "a row whose parent ran and whose value is the same"
          source I3; rules runtime; invalidation runtime; expect holds
          render { Screen(state: 0) @screen { Row(count: 1) @row } }
          set screen = 1
          render { Screen(state: 0) @screen { Row(count: 1) @row } }
          check row \(check)
        }
        """
    }

    private static let readme = "# Lemmas\n\n\(TableOfContents.beginMarker)\n\(TableOfContents.endMarker)\n"

    func testTheTableIsWrittenAfterARunAsExpectedAndOnlyThen() throws {
        let folder = try Repository.temporaryFolder([
            "Lemmas/README.md": Self.readme,
            "Lemmas/old/README.md": "old",
            "Lemmas/old/old.lemma": Self.scenario("old_row_is_skipped", check: "skipped because equal"),
            "Lemmas/new/README.md": "new",
            "Lemmas/new/new.lemma": Self.scenario("new_row_is_skipped", check: "skipped because equal"),
            "Lemmas/wrong/README.md": "wrong",
            "Lemmas/wrong/wrong.lemma": Self.scenario("wrong_row_runs", check: "evaluated"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let readme = folder.appendingPathComponent("Lemmas/README.md")

        let wrong = try VerifyLemmasProcess.run(["Lemmas/wrong/wrong.lemma", "--write-toc", "--quiet"], in: folder)
        XCTAssertEqual(wrong.status, 1, wrong.combined)
        XCTAssertEqual(PrintedCodes.codes(in: wrong.errors), ["T006"], wrong.errors)
        XCTAssertEqual(try String(contentsOf: readme, encoding: .utf8), Self.readme, "a run not as expected writes no table")

        let new = try VerifyLemmasProcess.run(["Lemmas/new/new.lemma", "--write-toc", "--quiet"], in: folder)
        XCTAssertEqual(new.status, 0, new.combined)
        let written = try String(contentsOf: readme, encoding: .utf8)
        // The table is the whole folder's, as `toc --write` writes it, not only the file run.
        for name in ["new_row_is_skipped", "old_row_is_skipped", "wrong_row_runs"] { XCTAssertTrue(written.contains("`\(name)`"), written) }
        let check = try VerifyLemmasProcess.run(["toc", "--check"], in: folder)
        XCTAssertEqual(check.status, 0, check.combined)

        XCTAssertNotEqual(try VerifyLemmasProcess.run(["--example", "x", "--write-toc"], in: folder).status, 0)
    }
}
