import Foundation
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// For each lemma file, the expected report (everything but timings, resource counts and messages)
/// is checked in under Golden/. RECORD_GOLDENS=1 rewrites them after an intended change and fails
/// the test, so a recording run never passes.
final class GoldenReportTests: XCTestCase {
    private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The representative files (`LemmaSet.representativeFiles`).
    func testEachLemmaFileMatchesItsGoldenReport() throws {
        try assertGoldens(of: LemmaSet.representativeFiles, in: LemmaSet.representativeReport)
    }

    /// Every other file of the shipped set: a test of its own, so that `.ci/run`'s slow pass, which
    /// runs the tests the fast tier skipped, checks them.
    func testEveryOtherLemmaFileMatchesItsGoldenReport() throws {
        try SlowTier.require()
        let representative = Set(LemmaSet.representativeFiles.map(\.standardizedFileURL.path))
        try assertGoldens(of: LemmaSet.files.filter { !representative.contains($0.standardizedFileURL.path) }, in: LemmaSet.shippedReport)
    }

    private func assertGoldens(of files: [URL], in report: RunReport) throws {
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            var part = report
            part.lemmas = report.lemmas.filter { $0.file.hasSuffix("/" + file.lastPathComponent) || $0.file == file.lastPathComponent }
                .map { lemma in
                    // Scripts are pinned by Proofs/ (--check-proofs), not by the golden reports.
                    var lemma = lemma
                    lemma.script = nil
                    lemma.certificate = nil
                    return lemma
                }
            part.reductions = []
            XCTAssertFalse(part.lemmas.isEmpty, "no lemmas reported for \(file.lastPathComponent)")
            let actual = String(decoding: try JSONReport.data(part, includeTimes: false), as: UTF8.self) + "\n"
            let golden = goldenFolder.appendingPathComponent("\(name).json")
            try Golden.assertMatches(actual, golden: golden, "the report of \(file.lastPathComponent)")
        }
    }
}
