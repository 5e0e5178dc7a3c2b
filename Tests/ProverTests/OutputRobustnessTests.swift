import Foundation
import TestSupport
import XCTest

@testable import Prover

/// Issue 26, the outputs: what the environment around the input does to a run's reports. Each test
/// runs the built `verify-lemmas` as CI does; each failed on main before the change it names.
final class OutputRobustnessTests: XCTestCase {
    private static let lemma = """
        lemma arms {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    private var folder: URL!
    private var lemmaFile: String { folder.appendingPathComponent("x.lemma").path }

    /// The checker's bound for runs of `lemma` here: these tests are about where reports go, not
    /// about what the checker reaches (`VerifierOptions.shallowCheckerBound`).
    private static let shallow = ["--checker-depth", "\(VerifierOptions.shallowCheckerBound.depth)"]

    override func setUpWithError() throws { folder = try Repository.temporaryFolder(["x.lemma": Self.lemma]) }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Asserts `arguments` exit 2 before any work with one usage error, of a code in `codes`, whose
    /// line names `subject` (the option and the path) first.
    private func assertRefused(
        _ arguments: [String], _ codes: Set<String>, _ subject: String, standardOutput: FileHandle? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let finished = try VerifyLemmasProcess.run(arguments, in: folder, standardOutput: standardOutput)
        XCTAssertFalse(finished.signalled, "\(arguments): \(finished.combined)", file: file, line: line)
        XCTAssertEqual(finished.status, 2, "\(arguments): \(finished.combined)", file: file, line: line)
        let printed = PrintedCodes.codes(in: finished.errors)
        XCTAssertEqual(printed.count, 1, "\(arguments): \(finished.errors)", file: file, line: line)
        XCTAssertTrue(printed.allSatisfy(codes.contains), "\(arguments): \(printed), expected one of \(codes.sorted())", file: file, line: line)
        let refusal = printed.first.flatMap { PrintedCodes.line(endingWith: $0, in: finished.errors) }
        XCTAssertTrue(refusal?.hasPrefix("Error: \(subject)") == true, "\(arguments): \(finished.errors)", file: file, line: line)
        XCTAssertFalse(finished.output.contains("obligations proved"), "\(arguments): work was done first", file: file, line: line)
    }

    /// Item 1: `--json - > /dev/full` died with SIGILL (a `try!` in Foundation's FileHandle.write).
    func testAFullStandardOutputIsExitTwoNotATrap() throws {
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        // The second: the human report onto /dev/full, the JSON file is still written.
        let report = path("r.json")
        let runs = try VerifyLemmasProcess.runAll(
            [[lemmaFile, "--json", "-"] + Self.shallow, [lemmaFile, "-v", "--json", report] + Self.shallow], standardOutput: full)
        let (json, human) = (runs[0], runs[1])
        XCTAssertFalse(json.signalled, json.errors)
        XCTAssertEqual(json.status, 2, json.errors)
        XCTAssertEqual(PrintedCodes.codes(in: json.errors), ["X005"], json.errors)
        XCTAssertTrue(PrintedCodes.line(endingWith: "X005", in: json.errors)?.contains("(ENOSPC)") == true, "names the system's reason: \(json.errors)")
        XCTAssertFalse(human.signalled, human.errors)
        XCTAssertEqual(human.status, 2, human.errors)
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        XCTAssertEqual(written?["exitCode"] as? Int, 0)
    }

    /// Item 9: `verify-lemmas -v … | head -1` died of SIGPIPE (141) and wrote neither report. Here the
    /// reader is gone before the run starts, so every write to standard output meets EPIPE.
    func testAClosedStandardOutputStillWritesEveryFileReport() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let json = path("r.json"), junit = path("r.xml"), sarif = path("r.sarif")
        let finished = try VerifyLemmasProcess.run(
            [lemmaFile, "-v", "--json", json, "--junit", junit, "--sarif", sarif] + Self.shallow, standardOutput: pipe.fileHandleForWriting)
        XCTAssertFalse(finished.signalled, "died of signal \(finished.status)")
        XCTAssertEqual(finished.status, 2, finished.errors)
        XCTAssertEqual(PrintedCodes.codes(in: finished.errors), ["X005"], finished.errors)
        XCTAssertTrue(PrintedCodes.line(endingWith: "X005", in: finished.errors)?.contains("(EPIPE)") == true, "names the system's reason: \(finished.errors)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        XCTAssertEqual((report?["lemmas"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["arms"])
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("<testcase"))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))))
        // --json - is the report itself: lost with standard output, and said so.
        let closed = Pipe()
        try closed.fileHandleForReading.close()
        let onStdout = try VerifyLemmasProcess.run(
            [lemmaFile, "--json", "-", "--junit", junit] + Self.shallow, standardOutput: closed.fileHandleForWriting)
        XCTAssertFalse(onStdout.signalled)
        XCTAssertEqual(onStdout.status, 2, onStdout.errors)
    }

    /// Every subcommand, its standard output closed or full: exit 2 with the reason, no signal.
    /// `diff-rules` prints with Swift's `print` (stdio), which the end of the run flushes and checks.
    func testEverySubcommandEndsWithTwoWhenStandardOutputCannotBeWritten() throws {
        let report = path("r.json")
        XCTAssertEqual(try VerifyLemmasProcess.run([lemmaFile, "--json", report] + Self.shallow).status, 0)
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let commands = [
            ["explore", "--depth", "1", "--branching", "1"], ["merge", report], ["toc", folder.path],
            ["diff-rules", "runtime", "documented", lemmaFile], [lemmaFile, "--example", "arms"],
        ]
        let closed = Pipe()
        try closed.fileHandleForReading.close()
        for (name, output) in [("closed pipe", closed.fileHandleForWriting), ("/dev/full", full)] {
            for (arguments, finished) in zip(commands, try VerifyLemmasProcess.runAll(commands, standardOutput: output)) {
                XCTAssertFalse(finished.signalled, "\(arguments) onto a \(name): signal \(finished.status)")
                XCTAssertEqual(finished.status, 2, "\(arguments) onto a \(name): \(finished.errors)")
                XCTAssertEqual(PrintedCodes.codes(in: finished.errors), ["X005"], "\(arguments): \(finished.errors)")
            }
        }
    }

    /// Item 2: `--json x.lemma x.lemma` replaced the lemma file with the report, and `--json r
    /// --junit r` kept one report, both with exit 0. Paths are compared resolved, and by inode.
    func testAReportOntoAnInputOrAnotherReportIsRefused() throws {
        let original = try String(contentsOfFile: lemmaFile, encoding: .utf8)
        for sub in ["sub", "P"] { try FileManager.default.createDirectory(atPath: path(sub), withIntermediateDirectories: true) }
        try FileManager.default.linkItem(atPath: lemmaFile, toPath: path("hard.json"))
        try FileManager.default.createSymbolicLink(atPath: path("linked"), withDestinationPath: folder.path)
        try assertRefused(["--json", "x.lemma", "x.lemma"], ["U027"], "--json x.lemma: ")
        try assertRefused(["--junit", "sub/../x.lemma", "x.lemma"], ["U027"], "--junit sub/../x.lemma: ")
        try assertRefused(["--sarif", "hard.json", "x.lemma"], ["U027"], "--sarif hard.json: ")
        try assertRefused(["--json", "new.lemma", "."], ["U027"], "--json new.lemma: ")
        try assertRefused(["--json", "r", "--junit", "r", "x.lemma"], ["U025"], "--junit r: ")
        try assertRefused(["--json", "r", "--sarif", "linked/r", "x.lemma"], ["U025"], "--sarif linked/r: ")
        try assertRefused(["--json", "P/r.json", "--write-proofs", "--proofs", "P", "x.lemma"], ["U026"], "--json P/r.json: ")
        try assertRefused(["--write-proofs", "--proofs", ".", "x.lemma"], ["U027"], "--proofs .: ")
        try assertRefused(["--dot", "d", "--write-proofs", "--proofs", "d", "x.lemma"], ["U025"], "--proofs d: ")
        try assertRefused(["explore", "--lemma", "x.lemma", "--stats-json", "x.lemma"], ["U027"], "--stats-json x.lemma: ")
        try assertRefused(["merge", "x.lemma", "--output", "./x.lemma"], ["U027"], "--output ./x.lemma: ")
        // `verify-lemmas --json out.json > out.json`: the report would replace what the run prints.
        XCTAssertTrue(FileManager.default.createFile(atPath: path("out.json"), contents: nil))
        let redirected = try XCTUnwrap(FileHandle(forWritingAtPath: path("out.json")))
        try assertRefused(["--json", "out.json", "x.lemma"], ["U028"], "--json out.json: ", standardOutput: redirected)
        XCTAssertEqual(try String(contentsOfFile: lemmaFile, encoding: .utf8), original)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("r")))
    }

    /// `--rules FILE` is an input too: `--rules y.rules --json y.rules` replaced the rule-set file
    /// with the JSON report (exit 1, the file lost).
    func testAReportOntoTheRuleSetFileIsRefused() throws {
        let rules = "rules y from runtime { lazyRetention: false }\n"
        try FileManager.default.createDirectory(atPath: path("R"), withIntermediateDirectories: true)
        try rules.write(toFile: path("R/y.rules"), atomically: true, encoding: .utf8)
        try assertRefused(["--rules", "R/y.rules", "--json", "R/y.rules", "x.lemma"], ["U027"], "--json R/y.rules: ")
        try assertRefused(["--rules", "R/y.rules", "--junit", "./R/../R/y.rules", "x.lemma"], ["U027"], "--junit ./R/../R/y.rules: ")
        XCTAssertEqual(try String(contentsOfFile: path("R/y.rules"), encoding: .utf8), rules)
    }

    /// Item 3: `--proofs FILE --write-proofs` and `--json /proc/version` were found out only after
    /// the whole run, with a raw NSCocoaErrorDomain message and exit 1.
    func testDestinationsThatCannotBeWrittenAreRefusedBeforeAnyWork() throws {
        try assertRefused(["--proofs", "x.lemma", "--write-proofs", "x.lemma"], ["U021"], "--proofs x.lemma: ")
        try assertRefused(["--json", "/proc/version", "x.lemma"], ["U022", "U024"], "--json /proc/version: ")
        try assertRefused(["--json", "/proc/self/report.json", "x.lemma"], ["U022", "U024"], "--json /proc/self/report.json: ")
        try assertRefused(["--dot", "/proc/self", "x.lemma"], ["U022", "U024"], "--dot /proc/self: ")
        try assertRefused(["--write-proofs", "--proofs", "/sys/kernel", "x.lemma"], ["U022", "U024"], "--proofs /sys/kernel: ")
        try assertRefused(["--write-proofs", "--proofs", "/nonexistent-\(UUID().uuidString)/P", "x.lemma"], ["U023"], "--proofs /nonexistent-")
        try assertRefused(["explore", "--depth", "1", "--twin-tables", "/proc/version"], ["U022", "U024"], "--twin-tables /proc/version: ")
        try assertRefused(["merge", "x.lemma", "--output", "/proc/version"], ["U022", "U024"], "--output /proc/version: ")
    }

    /// `-` is standard output wherever a destination takes a file, once per run: `--twin-tables -`
    /// wrote a file named `-`.
    func testADashIsStandardOutputOnce() throws {
        let tables = try VerifyLemmasProcess.run(["explore", "--depth", "1", "--branching", "1", "--twin-tables", "-"], in: folder)
        XCTAssertEqual(tables.status, 0, tables.errors)
        XCTAssertFalse(tables.output.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("-")))
        try assertRefused(["explore", "--twin-tables", "-", "--stats-json", "-"], ["U020"], "--stats-json and --twin-tables ")
    }

    /// Issue 25: `--write-proofs --json -` printed "wrote Proofs/" after the JSON on standard output,
    /// and `--check-proofs --json -` its "proofs: …" line, so standard output did not parse. Both
    /// lines go to standard error when standard output carries the report.
    func testTheProofLinesLeaveTheJSONOnStandardOutputWhole() throws {
        let proofs = path("P")
        let runs = try VerifyLemmasProcess.runAll([
            [lemmaFile, "--write-proofs", "--proofs", proofs, "--json", "-"] + Self.shallow,
            [lemmaFile, "--write-proofs", "--proofs", path("Q")] + Self.shallow,
        ])
        let (written, human) = (runs[0], runs[1])
        XCTAssertEqual(written.status, 0, written.combined)
        let document = try JSONSerialization.jsonObject(with: Data(written.output.utf8)) as? [String: Any]
        XCTAssertEqual(document?["exitCode"] as? Int, 0, written.output)
        XCTAssertTrue(written.errors.contains("wrote \(proofs)/"), written.errors)
        XCTAssertEqual(human.status, 0, human.combined)
        XCTAssertTrue(human.output.contains("wrote \(path("Q"))/"), "without --json - the line stays on standard output: \(human.output)")

        let checked = try VerifyLemmasProcess.run([lemmaFile, "--check-proofs", "--proofs", proofs, "--json", "-"] + Self.shallow)
        XCTAssertTrue(checked.errors.contains("proofs: "), checked.combined)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any], checked.output)
    }

    /// Item 10: `merge` took a report whose `exitCode` is 7 and exited 7.
    func testMergeRefusesAnExitCodeNoRunReports() throws {
        let report = path("r.json")
        let run = try VerifyLemmasProcess.run([lemmaFile, "--json", report] + Self.shallow)
        XCTAssertEqual(run.status, 0, run.combined)
        var document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let values = [7, -1, 130, "1", true, 1.5] as [Any]
        var edited: [String] = []
        for (index, value) in values.enumerated() {
            document["exitCode"] = value
            edited.append(path("r\(index).json"))
            try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: edited[index]))
        }
        document["exitCode"] = nil
        let withoutCode = path("none.json")
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: withoutCode))
        let merges = try VerifyLemmasProcess.runAll(([report] + edited + [withoutCode]).map { ["merge", $0] })
        XCTAssertEqual(merges.first?.status, 0, "the report as written merges")
        for (index, value) in values.enumerated() {
            let merged = merges[index + 1]
            XCTAssertEqual(merged.status, 2, "\(value): \(merged.combined)")
            XCTAssertEqual(PrintedCodes.codes(in: merged.errors), ["M009"], "\(value): \(merged.errors)")
            XCTAssertTrue(
                PrintedCodes.line(endingWith: "M009", in: merged.errors)?.hasPrefix("verify-lemmas merge: \(edited[index]): exitCode ") == true, merged.errors)
        }
        XCTAssertEqual(merges.last?.status, 2, merges.last?.combined ?? "")
        XCTAssertEqual(PrintedCodes.codes(in: merges.last?.errors ?? ""), ["M009"], "a report without exitCode")
        XCTAssertEqual(merges.count, values.count + 2)
    }
}
