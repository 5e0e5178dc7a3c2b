import Foundation
import FoundationXML
import TestSupport
import XCTest

/// Inputs that once crashed, hung, ran for minutes or were misreported, at the command line: each
/// now gets a clear message with file:line:col and a diagnostic id and exit 2, or finishes within
/// its limits. (Interruption: `InterruptionTests`; nothing to check and option values:
/// `CommandLineTests`; generated inputs and the crash corpus: `FuzzTests`.)
final class EdgeCaseTests: XCTestCase {
    private func run(_ files: [String: String], _ options: [String] = []) throws -> (status: Int32, output: String, folder: URL) {
        let folder = try Repository.temporaryFolder(files)
        let finished = try VerifyLemmasProcess.run([folder.path] + options)
        let (status, output) = (finished.status, finished.combined)
        return (status, output, folder)
    }

    /// The exit status and the JSON report's diagnostics of a run of `files`, each as
    /// `FILE:LINE:COL ID CAUSE` (the file by name).
    private func refusal(_ files: [String: String]) throws -> (status: Int32, diagnostics: [String]) {
        let folder = try Repository.temporaryFolder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = try VerifyLemmasProcess.run([folder.path, "--json", "-"])
        let report = try ReportDocument(finished.output)
        return (finished.status, report.diagnostics.map {
            "\(URL(fileURLWithPath: $0.file ?? "").lastPathComponent):\($0.line ?? 0):\($0.column ?? 0) \($0.id) \($0.cause ?? "none")"
        })
    }

    private static func scenario(_ render: String) -> String {
        "scenario s {\n  source R2; rules runtime; expect holds\n  render {\n" + render + "\n  }\n  check a survives\n}\n"
    }

    private static func lemma(paths: Int) -> String {
        let binders = (1...paths).map { "p\($0): path in before" }.joined(separator: ", ")
        return "lemma many_paths {\n  source R2; rules runtime; expect holds\n  forall \(binders)\n  show p1.identity == p1.identity\n}\n"
    }

    func testDeepViewsAndAnyViewsAreDiagnosed() throws {
        // The 257th view is the error: after 256 openings of 9 and 8 characters.
        let cases = [
            (String(repeating: "VStack { ", count: 10_000) + "Counter(state: 0) @a" + String(repeating: " }", count: 10_000), 256 * 9 + 1),
            (String(repeating: "AnyView(", count: 20_000) + "Counter(state: 0) @a" + String(repeating: ")", count: 20_000), 256 * 8 + 1),
        ]
        for (render, column) in cases {
            let (status, diagnostics) = try refusal(["deep.lemma": Self.scenario(render)])
            XCTAssertEqual(status, 2)
            XCTAssertEqual(diagnostics, ["deep.lemma:4:\(column) E041 limit"])
        }
    }

    func testHugeRangesAndRendersAreDiagnosed() throws {
        let range = try refusal(["range.lemma": Self.scenario("ForEach(0..<10000000) { Counter(state: 0) @a }")])
        XCTAssertEqual(range.status, 2)
        XCTAssertEqual(range.diagnostics, ["range.lemma:4:13 E041 limit"])
        let nested = try refusal(["nested.lemma": Self.scenario("ForEach(0..<1000) { ForEach(0..<1000) { Counter(state: 0) @a } }")])
        XCTAssertEqual(nested.status, 2)
        XCTAssertEqual(nested.diagnostics, ["nested.lemma:4:1 E041 limit"])
    }

    /// Renders of 500 views once took tens of seconds in a debug build (every pair of views compared
    /// in Z3); the cross-check still confirms every view of both renders, one Z3 value per view.
    func testFiveHundredViewsAreCrossCheckedViewByView() throws {
        let views = (0..<499).map { "V\($0)(state: 0)" }.joined(separator: "\n") + "\nCounter(state: 0) @a"
        let text = "scenario s {\n  source R2; rules runtime; expect holds\n  render { VStack {\n\(views)\n} }\n  render { VStack {\n\(views)\n} }\n  check a survives\n}\n"
        let folder = try Repository.temporaryFolder(["views.lemma": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = try VerifyLemmasProcess.run([folder.path, "--json", "-"])
        XCTAssertEqual(finished.status, 0, String(finished.combined.suffix(2000)))
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(finished.output.utf8)) as? [String: Any])
        let scenario = try XCTUnwrap((report["lemmas"] as? [[String: Any]])?.first)
        XCTAssertEqual(scenario["verdict"] as? String, "proved")
        let ground = try XCTUnwrap(scenario["groundCheck"] as? [String: Any], "\(scenario)")
        XCTAssertEqual(ground["code"] as? String, "agreed")
        XCTAssertEqual(ground["count"] as? Int, 1000)
        XCTAssertEqual(ground["compared"] as? String, "identities")
    }

    /// `  forall ` then binders `pK: path in before, ` of 20 characters: the ninth is the error.
    private static let ninthBinderColumn = 10 + 8 * 20

    func testTwentyAndThirtyPathsAreRefusedWithTheReason() throws {
        for paths in [20, 30] {
            let (status, output, folder) = try run(["paths.lemma": Self.lemma(paths: paths)])
            XCTAssertEqual(status, 2, output)
            XCTAssertTrue(
                output.contains("\(folder.path)/paths.lemma:3:\(Self.ninthBinderColumn): error: lemma 'many_paths' binds \(paths) paths; at most 8, since the "
                    + "cross-check tries every view for every path (its cost is the views to the power of the paths) [E044]"),
                output)
        }
    }

    /// Control bytes of the input reach the reports through messages and names: both must parse.
    func testControlBytesLeaveReportsThatParse() throws {
        let folder = try Repository.temporaryFolder([:])
        let text = "scenario control\u{1}bytes {\n  summary \"bell \u{7} escape \u{1B} nul \u{0} end\"\n  source R2; rules runtime; expect holds\n"
            + "  render { VStack { Counter(state: 0) @a } }\n  render { VStack { Text(\"\u{2}\"); Counter(state: 0) @a } }\n  check a survives\n}\n"
        try text.write(to: folder.appendingPathComponent("control.lemma"), atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("report.json")
        let junit = folder.appendingPathComponent("report.xml")
        let finished = try VerifyLemmasProcess.run([folder.path, "--json", json.path, "--junit", junit.path])
        let (status, output) = (finished.status, finished.combined)
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("control.lemma:1:17: error: unexpected character"), output)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(contentsOf: json)))
        let xml = try Data(contentsOf: junit)
        let parser = XMLParser(data: xml)
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? ""): \(String(decoding: xml, as: UTF8.self))")
    }
}
