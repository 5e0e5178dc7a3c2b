import TestSupport
import Foundation
import FoundationXML

/// One input through the `verify-lemmas` binary with `--json` and `--junit`: it must exit by
/// itself within `timeLimit` with 0, 1 or 2, and leave a JSON report that parses and a JUnit
/// report that is well-formed XML.
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

    /// Runs `bytes` as the only lemma file of a fresh folder.
    static func run(_ bytes: [UInt8]) throws -> Outcome {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
        let lemmas = folder.appendingPathComponent("lemmas")
        try manager.createDirectory(at: lemmas, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        try Data(bytes).write(to: lemmas.appendingPathComponent("fuzz.lemma"))
        let json = folder.appendingPathComponent("report.json")
        let junit = folder.appendingPathComponent("report.xml")

        let process = Process()
        process.executableURL = try VerifyLemmasProcess.binary
        process.arguments = [lemmas.path, "--json", json.path, "--junit", junit.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
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
