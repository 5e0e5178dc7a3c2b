import Foundation
import FoundationXML
import LemmaLanguage
import TestSupport

/// One input through the `verify-lemmas` binary with `--json`, `--junit` and `--sarif` (and
/// `--rules run.rules` when it has a rule-set file): it must exit by itself within `timeLimit` with
/// 0, 1 or 2, and leave a JSON report that parses and a JUnit report that is well-formed XML;
/// `ReportValidator` then checks the kept reports against their schemas. Only a rule-set file
/// with errors may end the run before any report (a usage error, exit 2), and its diagnostics
/// must name `file:line:col` and an id.
struct BinaryHarness {
    /// Longer than this is a hang.
    static let timeLimit: TimeInterval = 20
    /// Each solver check's limit, so that a hard generated lemma ends well within `timeLimit`.
    static let arguments = ["--timeout", "2", "--jobs", "1"]

    /// What went wrong, if anything.
    struct Outcome {
        var problems: [String] = []
        /// The run had to be killed.
        var hang = false
        /// It ended by a signal or with a status other than 0, 1 or 2.
        var crash = false
        /// Reports missing or not parsing.
        var malformedReports = 0
    }

    /// Runs `input` in a fresh folder, its main file in the lemma folder `lemmas/`, and copies
    /// its reports into `reports` as `NAME.json`, `NAME.xml` and `NAME.sarif`.
    static func run(_ input: FuzzInput, keepingReportsIn reports: URL, as name: String) throws -> Outcome {
        let manager = FileManager.default
        let folder = TemporaryFolder.path("fuzz")
        let lemmas = folder.appendingPathComponent("lemmas")
        try manager.createDirectory(at: lemmas, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        try input.write(to: folder)
        let json = folder.appendingPathComponent("report.json")
        let junit = folder.appendingPathComponent("report.xml")
        let sarif = folder.appendingPathComponent("report.sarif")
        let rules = input.rules.map { _ in ["--rules", folder.appendingPathComponent(FuzzInput.rulesPath).path] } ?? []
        let errors = folder.appendingPathComponent("stderr.txt")
        guard manager.createFile(atPath: errors.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }

        let process = Process()
        process.executableURL = try VerifyLemmasProcess.binary
        process.arguments = [lemmas.path, "--json", json.path, "--junit", junit.path, "--sarif", sarif.path] + rules + arguments
        process.standardOutput = FileHandle.nullDevice
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        var outcome = Outcome()
        if ended.wait(timeout: .now() + timeLimit) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
            outcome.hang = true
            outcome.problems.append("no answer within \(Int(timeLimit)) s")
            return outcome
        }
        guard process.terminationReason == .exit else {
            outcome.crash = true
            outcome.problems.append("ended by signal \(process.terminationStatus)")
            return outcome
        }
        let status = process.terminationStatus
        guard [0, 1, 2].contains(status) else {
            outcome.crash = true
            outcome.problems.append("exit status \(status)")
            return outcome
        }
        if status == 2, let rules = input.rules, RuleSetFile.parse(SourceFile(path: FuzzInput.rulesPath, text: String(decoding: rules, as: UTF8.self))).selection == nil {
            // A usage error: no report, and the rule-set file's errors on standard error.
            let text = String(decoding: manager.contents(atPath: errors.path) ?? Data(), as: UTF8.self)
            if text.firstMatch(of: /run\.rules:[0-9]+:[0-9]+: error: .*\[E[0-9]{3}\]/) == nil {
                outcome.problems.append("the rule-set file is refused without file:line:col and an id: \(text.prefix(300))")
            }
            return outcome
        }
        for (report, suffix) in [(json, "json"), (junit, "xml"), (sarif, "sarif")] {
            try? manager.copyItem(at: report, to: reports.appendingPathComponent("\(name).\(suffix)"))
        }
        if manager.contents(atPath: sarif.path) == nil {
            outcome.malformedReports += 1
            outcome.problems.append("no SARIF report (exit \(status))")
        }
        if let data = manager.contents(atPath: json.path) {
            if (try? JSONSerialization.jsonObject(with: data)) == nil {
                outcome.malformedReports += 1
                outcome.problems.append("the JSON report does not parse")
            }
        } else {
            outcome.malformedReports += 1
            outcome.problems.append("no JSON report (exit \(status))")
        }
        if let data = manager.contents(atPath: junit.path) {
            let parser = XMLParser(data: data)
            if !parser.parse() {
                outcome.malformedReports += 1
                outcome.problems.append("the JUnit report is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
            }
        } else {
            outcome.malformedReports += 1
            outcome.problems.append("no JUnit report (exit \(status))")
        }
        return outcome
    }
}
