import Foundation
import XCTest
import Z3Kit

/// The `verify-lemmas` executable as CI runs it: exit codes, version, JSON on standard output.
final class CommandLineTests: XCTestCase {
    private var binary: URL {
        get throws {
            // The test runner lives in the build products folder, next to the executable.
            let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let candidates = [runner.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
                .map { $0.appendingPathComponent("verify-lemmas") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw XCTSkip("verify-lemmas is not built next to the tests (run `swift build` first)")
            }
            return found
        }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testVersionNamesZ3() throws {
        let (status, output) = try run(["--version"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(output.contains("Z3 \(Z3Context.version)"), output)
        XCTAssertTrue(Z3Context.version.hasPrefix("4."), Z3Context.version)
    }

    func testUsageErrorsExitWithTwo() throws {
        let unknownRules = try run(["--rules", "nope"])
        XCTAssertEqual(unknownRules.status, 2, unknownRules.output)
        XCTAssertEqual(try run(["--no-such-option"]).status, 2)
    }

    func testFlippedExpectationExitsWithOneAndJSONSaysWhy() throws {
        let folder = try LemmaSet.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let (status, output) = try run([folder.path, "--json", "-"])
        XCTAssertEqual(status, 1, output)
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let lemma = try XCTUnwrap((json?["lemmas"] as? [[String: Any]])?.first)
        XCTAssertEqual(lemma["verdict"] as? String, "refuted")
        XCTAssertEqual(lemma["asExpected"] as? Bool, false)
        let counterexample = try XCTUnwrap(lemma["counterexample"] as? [String: Any])
        XCTAssertTrue((counterexample["firstDifference"] as? String)?.contains("arm(") ?? false, "\(counterexample)")
        XCTAssertNotNil(counterexample["before"] as? String)
        XCTAssertNotNil(counterexample["trace"] as? [String])
    }

    func testMalformedFileExitsWithTwoAndPointsAtTheError() throws {
        let folder = try LemmaSet.temporaryFolder(["bad.lemma": "lemma x {\n  rules runtime\n  expect holds\n  show p.length > \n}\n"])
        let (status, output) = try run([folder.path])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("bad.lemma:5:1: error: expected a term"), output)
    }
}
