import Foundation
import XCTest

@testable import Prover

/// For each lemma file, the expected report (everything but timings, resource counts and messages)
/// is checked in under Golden/. RECORD_GOLDENS=1 rewrites them after an intended change and fails
/// the test, so a recording run never passes.
final class GoldenReportTests: XCTestCase {
    private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func testEachLemmaFileMatchesItsGoldenReport() throws {
        let report = LemmaSet.shippedReport
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        for file in LemmaSet.files {
            let name = file.deletingPathExtension().lastPathComponent
            var part = report
            part.lemmas = report.lemmas.filter { $0.file.hasSuffix("/" + file.lastPathComponent) || $0.file == file.lastPathComponent }
            part.reductions = []
            XCTAssertFalse(part.lemmas.isEmpty, "no lemmas reported for \(file.lastPathComponent)")
            let actual = String(decoding: try JSONReport.data(part, includeTimes: false), as: UTF8.self) + "\n"
            let golden = goldenFolder.appendingPathComponent("\(name).json")
            if record {
                try actual.write(to: golden, atomically: true, encoding: .utf8)
                XCTFail("recorded Golden/\(name).json; run again without RECORD_GOLDENS to check it")
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            XCTAssertEqual(actual, expected, "\(file.lastPathComponent) differs from Golden/\(name).json (RECORD_GOLDENS=1 rewrites it)")
        }
    }
}
