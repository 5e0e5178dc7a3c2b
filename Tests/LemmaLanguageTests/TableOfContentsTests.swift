import Foundation
import IdentityModel
import XCTest

@testable import LemmaLanguage

/// The generated table of contents: its rows, its placement between the markers, and the shipped
/// Lemmas/README.md, whose section must equal a fresh generation (a stale table fails here).
final class TableOfContentsTests: XCTestCase {
    private let lemmas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Lemmas")

    func testShippedReadmeTableIsUpToDate() throws {
        let loaded = LemmaLoader().load(directory: lemmas)
        XCTAssertEqual(loaded.diagnostics.filter(\.isError).map(\.description), [])
        let table = TableOfContents(files: loaded.files, relativeTo: lemmas)
        XCTAssertEqual(table.entries.count, loaded.lemmas.count + loaded.scenarios.count)
        let readme = try String(contentsOf: lemmas.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertEqual(try table.replacingSection(in: readme), readme,
                       "Lemmas/README.md's table of contents is stale: run `swift run verify-lemmas toc --write`")
    }

    func testRowsAreGroupedByFolderWithLocationsAndEscapedSummaries() {
        let root = URL(fileURLWithPath: "/tmp/corpus")
        let first = """
            scenario s { summary "a | b"; source R1; rules runtime; expect refuted
              render { VStack { Counter(state: 0) @c } } }
            """
        let second = """
            // a comment
            lemma l {
              summary "arms differ"; source R4; rules ios18_4; expect holds
              forall p: path in before, q: path in after
              show survives(p, q)
            }
            """
        let loaded = LemmaLoader().load(sources: [
            SourceFile(path: "/tmp/corpus/rules/b.lemma", text: second),
            SourceFile(path: "/tmp/corpus/a.lemma", text: first),
        ])
        XCTAssertEqual(loaded.diagnostics.filter(\.isError).map(\.description), [])
        let table = TableOfContents(files: loaded.files, relativeTo: root)
        XCTAssertEqual(table.markdown, """
            \(TableOfContents.beginMarker)

            2 items: 1 lemmas and 1 scenarios; 1 expect holds, 1 expect refuted.

            ### ./

            | name | kind | expect | rules | summary | where |
            | --- | --- | --- | --- | --- | --- |
            | `s` | scenario | refuted | runtime | a \\| b | [a.lemma:1](a.lemma#L1) |

            ### rules/

            | name | kind | expect | rules | summary | where |
            | --- | --- | --- | --- | --- | --- |
            | `l` | lemma | holds | ios18_4 | arms differ | [rules/b.lemma:2](rules/b.lemma#L2) |

            \(TableOfContents.endMarker)
            """)
    }

    /// An invalidation lemma or scenario lists its invalidation rule set beside its identity one.
    func testInvalidationItemsNameTheirInvalidationRuleSet() {
        let text = """
            lemma l {
              summary "x"; source I1; rules runtime; invalidation design; expect holds
              forall p: path in after
              assume !rendered(p, before)
              show evaluated(p, after)
            }
            scenario s {
              summary "y"; source I2; rules documented; invalidation runtime; expect holds
              render { Screen(state: 0) @screen { Row(count: 1) @row } }
              render { Screen(state: 0) @screen { Row(count: 1) @row } }
              check row skipped because parent
            }
            """
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "/tmp/corpus/i.lemma", text: text)])
        XCTAssertEqual(loaded.diagnostics.filter(\.isError).map(\.description), [])
        let table = TableOfContents(files: loaded.files, relativeTo: URL(fileURLWithPath: "/tmp/corpus"))
        XCTAssertEqual(table.entries.map(\.ruleSet), ["runtime, invalidation design", "documented, invalidation runtime"])
    }

    func testSectionIsReplacedBetweenTheMarkersOnly() throws {
        let table = TableOfContents(files: [], relativeTo: URL(fileURLWithPath: "/tmp"))
        let text = "intro\n\(TableOfContents.beginMarker)\nold rows\n\(TableOfContents.endMarker)\nafter\n"
        XCTAssertEqual(try table.replacingSection(in: text), "intro\n\(table.markdown)\nafter\n")
        XCTAssertThrowsError(try table.replacingSection(in: "intro\n\(TableOfContents.endMarker)\n\(TableOfContents.beginMarker)\n")) {
            XCTAssertEqual($0 as? TableOfContents.SectionError, .missingMarkers)
        }
        XCTAssertThrowsError(try table.replacingSection(in: "no markers")) {
            XCTAssertEqual($0 as? TableOfContents.SectionError, .missingMarkers)
        }
    }

    /// FINDINGS.md 60: a summary holding the end marker closed the section early, so `toc --write`
    /// left the old table's tail behind (growing on every write) and `toc --check` called the table
    /// it had just written stale; any `<!--` hides the rows after it in rendered Markdown.
    func testASummaryCannotOpenAnHTMLCommentOrCloseTheSection() throws {
        let text = """
            scenario s { summary "x \(TableOfContents.endMarker) y <!-- z"; source R1; rules runtime; expect refuted
              render { VStack { Counter(state: 0) @c } } }
            """
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "/tmp/corpus/a.lemma", text: text)])
        XCTAssertEqual(loaded.diagnostics.filter(\.isError).map(\.description), [])
        let table = TableOfContents(files: loaded.files, relativeTo: URL(fileURLWithPath: "/tmp/corpus"))
        XCTAssertEqual(table.markdown.components(separatedBy: "<!--").count, 3, table.markdown)
        XCTAssertTrue(table.markdown.contains("| x &lt;!-- toc:end --> y &lt;!-- z |"), table.markdown)
        let readme = "intro\n\(TableOfContents.beginMarker)\n\(TableOfContents.endMarker)\nafter\n"
        let written = try table.replacingSection(in: readme)
        XCTAssertEqual(try table.replacingSection(in: written), written)
        XCTAssertEqual(written, "intro\n\(table.markdown)\nafter\n")
    }
}
