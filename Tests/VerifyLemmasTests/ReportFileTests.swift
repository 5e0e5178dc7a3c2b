import Foundation
import TestSupport
import XCTest

@testable import verify_lemmas

/// A report's write: whole or not at all, and a failure that names the option, the path and the
/// system's reason (it was a raw NSCocoaErrorDomain message with exit 1).
final class ReportFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFolder.path("report-file")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testAWriteReplacesTheFileWholeAndLeavesNothingBeside() throws {
        let path = folder.appendingPathComponent("r.json").path
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        try ReportFile.write("new", to: path, option: "--json")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["r.json"])
    }

    func testAFailedWriteNamesTheOptionPathAndReasonAndLeavesNoTemporaryFile() throws {
        let missing = folder.appendingPathComponent("gone/r.json").path
        do {
            try ReportFile.write("x", to: missing, option: "--junit")
            XCTFail("a write into a missing folder succeeded")
        } catch {
            XCTAssertEqual([error.option, error.path, error.reason], ["--junit", missing, ReportFile.reason(ENOENT)])
            XCTAssertEqual(error.code, .reportNotWritten)
            XCTAssertTrue(error.description.hasSuffix("[X003]"), error.description)
        }
        // A folder where the file should go: the rename fails, and the temporary file is removed.
        let occupied = folder.appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: occupied.appendingPathComponent("inside"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try ReportFile.write("x", to: occupied.path, option: "--sarif")) { error in
            XCTAssertEqual((error as? ReportFile.Failure)?.code, .reportNotWritten)
            XCTAssertEqual((error as? ReportFile.Failure)?.path, occupied.path)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["occupied"])
        XCTAssertEqual(ReportFile.reason(ENOSPC), "No space left on device (ENOSPC)")
    }

    func testPlacesAreComparedByInodeAndResolvedPath() throws {
        let file = folder.appendingPathComponent("a.lemma")
        try "lemma".write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(at: file, to: folder.appendingPathComponent("b.json"))
        XCTAssertTrue(Place(folder.appendingPathComponent("b.json").path).isSame(as: Place(file.path)))
        XCTAssertTrue(Place(folder.appendingPathComponent("x/../new.json").path).isSame(as: Place(folder.appendingPathComponent("new.json").path)))
        XCTAssertFalse(Place(folder.appendingPathComponent("new.json").path).isSame(as: Place(file.path)))
        XCTAssertTrue(Place(folder.appendingPathComponent("sub/new.json").path).lies(in: Place(folder.path)))
        XCTAssertFalse(Place(folder.path + "-sibling/new.json").lies(in: Place(folder.path)), "a sibling sharing the prefix is not inside")
    }
}
