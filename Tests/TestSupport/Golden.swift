import Foundation
import XCTest

/// Expected output checked in beside the tests. With `RECORD_GOLDENS=1` the file is rewritten and
/// the test fails, so a recording run never passes (as swift-argument-parser's snapshot helper).
public enum Golden {
    /// Whether this run records goldens instead of checking them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Fails unless `actual` equals the content of `golden`; when recording, writes it and fails.
    public static func assertMatches(
        _ actual: String, golden: URL, _ message: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        if isRecording {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            XCTFail("recorded \(golden.lastPathComponent); run again without RECORD_GOLDENS to check it", file: file, line: line)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            XCTFail("no golden \(golden.path); RECORD_GOLDENS=1 writes it", file: file, line: line)
            return
        }
        XCTAssertEqual(
            actual, expected, "\(message()) differs from \(golden.lastPathComponent) (RECORD_GOLDENS=1 rewrites it)",
            file: file, line: line)
    }
}
