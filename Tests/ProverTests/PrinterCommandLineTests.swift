import Foundation
import TestSupport
import XCTest

/// The `verify-lemmas` commands print an invalidation lemma's and a scenario's counterexamples
/// with the one printer: `--explain`, `--example`, `--dot` and `diff-rules` end to end.
final class PrinterCommandLineTests: XCTestCase {
    private static let folder = try! Repository.temporaryFolder(["printer.lemma": CounterexamplePrinterTests.fixture])

    /// The fixture's scenario alone (`diff-rules` has no `--filter`, and the lemmas' obligations
    /// and checker domains under two rule sets are not what its test is about).
    private static let scenarioFolder = try! Repository.temporaryFolder([
        "scenario.lemma": String(CounterexamplePrinterTests.fixture[CounterexamplePrinterTests.fixture.range(of: "scenario row_compared_equal")!.lowerBound...])
    ])

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let finished = try VerifyLemmasProcess.run(arguments)
        return (finished.status, finished.combined)
    }

    /// `--explain` on a false invalidation lemma: the refutation's block, with a counterexample
    /// of a negated assumption printed with its mark and the view's verdict.
    func testExplainPrintsAnInvalidationLemmasExplanation() throws {
        let (status, output) = try run([Self.folder.path, "--filter", "false_parent_skipped_skips", "--explain"])
        XCTAssertEqual(status, 1, output)
        XCTAssertTrue(output.contains("explain: what the refutation leans on"), output)
        XCTAssertFalse(output.contains("does not apply"), output)
        XCTAssertTrue(output.contains("◀ p") && output.contains("p in after: body(@view) evaluated [I8]"), output)
    }

    /// `--example` on an invalidation lemma: views on which its assumptions hold, marked.
    func testExamplePrintsInvalidationViews() throws {
        let (status, output) = try run([Self.folder.path, "--example", "false_child_skipped_in_both"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("the assumptions all hold on these renders"), output)
        XCTAssertTrue(output.contains("◀ p") && output.contains("◀ q"), output)
        XCTAssertTrue(output.contains("q in c: body(@q)"), output)
    }

    /// `--dot` writes an invalidation lemma's picture.
    func testDotWritesInvalidationPictures() throws {
        let out = TemporaryFolder.path("dot")
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, output) = try run([Self.folder.path, "--filter", "false_parent_skipped_skips", "--dot", out.path])
        XCTAssertEqual(status, 1, output)
        let dot = try String(contentsOf: out.appendingPathComponent("false_parent_skipped_skips.dot"), encoding: .utf8)
        XCTAssertTrue(dot.contains("@view") && dot.contains("evaluated [I8]"), dot)
    }

    /// `diff-rules` names the scenario check that fails under one rule set, and prints the
    /// counterexample with the one printer.
    func testDiffRulesNamesTheFailedCheck() throws {
        let (status, output) = try run(["diff-rules", "runtime", "documented", Self.scenarioFolder.path])
        XCTAssertEqual(status, 0, output)
        let block = output.components(separatedBy: "row_compared_equal").dropFirst().joined()
        XCTAssertTrue(block.contains("documented: refuted"), output)
        XCTAssertTrue(block.contains("failed check same_row ("), output)
        XCTAssertTrue(output.hasSuffix("1 of 1 items differ between runtime and documented\n"), output)
    }
}
