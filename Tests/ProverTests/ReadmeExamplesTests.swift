import Foundation
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// The worked examples in Lemmas/README.md are real lemma files: they parse and come out as they say.
final class ReadmeExamplesTests: XCTestCase {
    private static let examples: URL = {
        let readme = try! String(contentsOf: LemmaSet.folder.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let examples = blocks.filter { block in
            let text = block.trimmingCharacters(in: .whitespacesAndNewlines)
            return (text.hasPrefix("lemma ") || text.hasPrefix("scenario ")) && !text.contains("NAME")
        }
        XCTAssertEqual(examples.count, 10)
        return try! Repository.temporaryFolder(["examples.lemma": examples.joined(separator: "\n")])
    }()

    private func assertComeOutAsExpected(_ options: VerifierOptions, line: UInt = #line) {
        let report = Verifier(options: options).run(paths: [Self.examples])
        XCTAssertEqual(report.exitCode, 0, HumanReport.text(report, verbose: true), line: line)
        XCTAssertEqual(report.lemmas.count, 10, line: line)
    }

    func testWorkedExamplesComeOutAsExpected() {
        assertComeOutAsExpected(.shallowChecker)
    }

    /// The same with the checker at its default depth, as a reader runs them.
    func testWorkedExamplesComeOutAsExpectedAtTheDefaultCheckerDepth() throws {
        try SlowTier.require()  // the fast tier runs them with the shallow checker
        assertComeOutAsExpected(VerifierOptions())
    }
}
