import Foundation
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// The worked examples in Lemmas/README.md are real lemma files: they parse and come out as they say.
final class ReadmeExamplesTests: XCTestCase {
    func testWorkedExamplesComeOutAsExpected() throws {
        let readme = try String(contentsOf: LemmaSet.folder.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let examples = blocks.filter { block in
            let text = block.trimmingCharacters(in: .whitespacesAndNewlines)
            return (text.hasPrefix("lemma ") || text.hasPrefix("scenario ")) && !text.contains("NAME")
        }
        XCTAssertEqual(examples.count, 9)
        let folder = try Repository.temporaryFolder(["examples.lemma": examples.joined(separator: "\n")])
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(report.exitCode, 0, HumanReport.text(report, verbose: true))
        XCTAssertEqual(report.lemmas.count, 9)
    }
}
