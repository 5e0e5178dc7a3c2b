import Foundation
import XCTest
import Z3Kit

/// The `verify-lemmas` executable as CI runs it: exit codes, version, JSON on standard output,
/// options checked before any work, interruption.
final class CommandLineTests: XCTestCase {
    private struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "verify-lemmas is not built next to the tests: `swift build` (swift test builds it)" }
    }
    private var binary: URL {
        get throws {
            // The test runner lives in the build products folder, next to the executable.
            let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let candidates = [runner.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
                .map { $0.appendingPathComponent("verify-lemmas") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw MissingBinary()
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

    private static let armsLemma = """
        lemma arms {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    func testOptionsAreCheckedBeforeAnyWork() throws {
        let cases: [([String], String)] = [
            (["--timeout", "inf"], "--timeout must be a number of seconds above 0 and at most 86400, not inf"),
            (["--timeout", "-1"], "--timeout must be a number of seconds above 0 and at most 86400, not -1.0"),
            (["--jobs", "-3"], "--jobs must be from 1 to 256, not -3"),
            (["--checker-depth", "9"], "--checker-depth must be from 1 to 6, not 9"),
            (["--json", "/nonexistent-folder/report.json"], "--json /nonexistent-folder/report.json: the folder /nonexistent-folder does not exist"),
            (["--junit", "/dev/null"], "--junit /dev/null: not a regular file"),
        ]
        for (arguments, message) in cases {
            let (status, output) = try run(arguments)
            XCTAssertEqual(status, 2, "\(arguments): \(output)")
            XCTAssertTrue(output.contains(message), "\(arguments): \(output)")
            XCTAssertFalse(output.contains("checked:"), "\(arguments): work was done before the options were checked")
        }
    }

    func testNothingToCheckIsAnError() throws {
        let empty = try LemmaSet.temporaryFolder([:])
        let (status, output) = try run([empty.path])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("nothing to check [E091]"), output)
        let folder = try LemmaSet.temporaryFolder(["arms.lemma": Self.armsLemma])
        let filtered = try run([folder.path, "--filter", "no-such-name"])
        XCTAssertEqual(filtered.status, 2, filtered.output)
        XCTAssertTrue(filtered.output.contains("no lemma or scenario matches --filter 'no-such-name'"), filtered.output)
    }

    /// `--require-unbounded` keeps an unbounded proof as expected, and `scope bounded "reason"`
    /// parses (which bounded proofs it excuses is `RequireUnboundedTests`'s).
    func testRequireUnboundedAcceptsUnboundedProofs() throws {
        let folder = try LemmaSet.temporaryFolder([
            "arms.lemma": Self.armsLemma.replacingOccurrences(of: "expect holds", with: "expect holds; scope bounded \"checked on small trees\"")
        ])
        let strict = try run([folder.path, "--require-unbounded"])
        XCTAssertEqual(strict.status, 0, strict.output)
        XCTAssertTrue(strict.output.contains("proved   arms  [unbounded"), strict.output)
        let nonLocal = try run([folder.path, "--mutant", "idOverridesStructure", "--require-unbounded"])
        XCTAssertEqual(nonLocal.status, 1, nonLocal.output)
        XCTAssertTrue(nonLocal.output.contains("unknown  arms (expected proved)"), nonLocal.output)
    }

    /// SIGINT during a long run: exit 130, the reason on standard error, no report written.
    func testInterruptionWritesNothingAndExits130() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID().uuidString).json")
        let process = Process()
        process.executableURL = try binary
        process.arguments = [Self.lemmaFolder.path, "--mutants", "--json", report.path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(process.isRunning, "the run ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130, message)
        XCTAssertTrue(message.contains("interrupted by SIGINT; no verdict, no report written"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report.path))
    }

    /// `explore` exits as TLC does: 0 the property holds within the bounds, 1 it is violated, 2 bad input.
    func testExploreExitsZeroWhenThePropertyHoldsAndOneWhenViolated() throws {
        let holds = try run(["explore", "--depth", "2", "--property", "identity-determines-state"])
        XCTAssertEqual(holds.status, 0, holds.output)
        let violated = try run(["explore", "--depth", "2", "--property", "engineer-expectation"])
        XCTAssertEqual(violated.status, 1, violated.output)
        XCTAssertTrue(violated.output.contains("engineer-expectation: REFUTED within depth 2"), violated.output)
        let bad = try run(["explore", "--depth", "-1"])
        XCTAssertEqual(bad.status, 2, bad.output)
        XCTAssertTrue(bad.output.contains("--depth must be from 1 to 6, not -1"), bad.output)
    }

    /// `diff-rules` lists exactly the items whose verdict differs, with both verdicts.
    func testDiffRulesListsTheLemmasWhoseVerdictDiffers() throws {
        let folder = try LemmaSet.temporaryFolder([
            "anyview.lemma": """
                lemma same_type_anyview_keeps_state {
                  source R5; rules runtime; expect holds
                  forall p: path in before, q: path in after
                  assume sameView(p, q) && exists i in p: p[i].kind == .anyView
                  assume forall i in p: p[i].kind != .forEach && p[i].kind != .explicitID && p[i].kind != .conditional
                  show survives(p, q)
                }
                """,
            "arms.lemma": Self.armsLemma,
        ])
        let (status, output) = try run(["diff-rules", "runtime", "documented", folder.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("same_type_anyview_keeps_state"), output)
        XCTAssertTrue(output.contains("  runtime: proved [unbounded]\n  documented: refuted"), output)
        XCTAssertFalse(output.contains("arms  "), output)
        XCTAssertTrue(output.hasSuffix("1 of 2 items differ between runtime and documented\n"), output)
        XCTAssertEqual(try run(["diff-rules", "runtime", "nope"]).status, 2)
    }

    func testTocWritesTheSectionAndChecksItIsCurrent() throws {
        let begin = "<!-- toc:begin: generated by `swift run verify-lemmas toc --write`; do not edit by hand -->"
        let folder = try LemmaSet.temporaryFolder([
            "arms.lemma": Self.armsLemma,
            "README.md": "# Lemmas\n\n\(begin)\nan old row\n<!-- toc:end -->\nafter\n",
        ])
        let readme = folder.appendingPathComponent("README.md")
        let stale = try run(["toc", "--check", folder.path])
        XCTAssertEqual(stale.status, 1, stale.output)
        XCTAssertTrue(stale.output.contains("the table of contents is stale"), stale.output)
        XCTAssertEqual(try run(["toc", "--write", folder.path]).status, 0)
        let written = try String(contentsOf: readme, encoding: .utf8)
        XCTAssertTrue(written.contains("\n| `arms` | lemma | holds | runtime |  | [arms.lemma:1](arms.lemma#L1) |\n"), written)
        XCTAssertFalse(written.contains("an old row"), written)
        XCTAssertTrue(written.hasSuffix("<!-- toc:end -->\nafter\n"), written)
        XCTAssertEqual(try run(["toc", "--check", folder.path]).status, 0)
        XCTAssertEqual(try run(["toc", "--write", "--check", folder.path]).status, 2)
        try "no markers\n".write(to: readme, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["toc", "--check", folder.path]).status, 2)
    }

    private static var lemmaFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Lemmas")
    }
}
