import Foundation
import TestSupport
import XCTest
@testable import LemmaLanguage

/// Every `Malformed/*.lemma` file must yield exactly the diagnostic lines of its `.expected` file
/// (file names only, notes included). `RECORD_GOLDENS=1` rewrites the `.expected` files and fails
/// the test, so a recording run never passes.
final class GoldenDiagnosticTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Malformed")

    func testMalformedFilesMatchTheirExpectedDiagnostics() throws {
        let files = LemmaLoader.lemmaFiles(in: Self.folder)
        XCTAssertGreaterThanOrEqual(files.count, 15)
        for file in files {
            let result = LemmaLoader().load(files: [file])
            let actual = result.diagnostics.flatMap { $0.summaryLines(fileNameOnly: true) }.joined(separator: "\n")
            let expectedURL = file.deletingPathExtension().appendingPathExtension("expected")
            try Golden.assertMatches(actual + "\n", golden: expectedURL, "the diagnostics of \(file.lastPathComponent)")
            XCTAssertTrue(result.hasErrors || file.lastPathComponent.hasPrefix("W"), file.lastPathComponent)
            // The identifier in the file name is the first diagnostic's.
            let id = String(file.lastPathComponent.prefix(4))
            XCTAssertEqual(result.diagnostics.first?.id.rawValue, id, file.lastPathComponent)
        }
    }

    /// Every `Malformed/*.rules` file, read as a rule-set file, must yield exactly its `.expected`
    /// lines, the first with the id its name starts with, and no rule set.
    func testMalformedRuleSetFilesMatchTheirExpectedDiagnostics() throws {
        let files = Self.ruleSetFiles
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for file in files {
            let result = RuleSetFile.load(file)
            let actual = result.diagnostics.flatMap { $0.summaryLines(fileNameOnly: true) }.joined(separator: "\n")
            let expectedURL = file.deletingPathExtension().appendingPathExtension("expected")
            try Golden.assertMatches(actual + "\n", golden: expectedURL, "the diagnostics of \(file.lastPathComponent)")
            XCTAssertNil(result.selection, file.lastPathComponent)
            XCTAssertEqual(result.diagnostics.first?.id.rawValue, String(file.lastPathComponent.prefix(4)), file.lastPathComponent)
        }
    }

    private static var ruleSetFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".rules") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func testEveryDiagnosticIDHasAGoldenFileExceptIO() {
        let covered = Set((LemmaLoader.lemmaFiles(in: Self.folder) + Self.ruleSetFiles).map { String($0.lastPathComponent.prefix(4)) })
        let missing = DiagnosticID.allCases.map(\.rawValue).filter { !covered.contains($0) }
        XCTAssertEqual(missing, ["E013", "E090", "E091"])
    }
}
