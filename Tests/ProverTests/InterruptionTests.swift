import Foundation
import TestSupport
import XCTest

/// SIGINT in the middle of a run: exit 130, no crash, no output touched; and `--write-proofs`
/// interrupted at any moment leaves the proofs folder whole. `INTERRUPT_RUNS` sets how many runs
/// (`.ci/run` asks for 20; `swift test` does 1 to stay short).
final class InterruptionTests: XCTestCase {
    private static var runs: Int { ProcessInfo.processInfo.environment["INTERRUPT_RUNS"].flatMap { Int($0) } ?? 1 }

    /// A started `verify-lemmas` and a way to wait for its end with a limit.
    private struct Run {
        let process = Process()
        let ended = DispatchSemaphore(value: 0)
        let errors = Pipe()

        init(_ arguments: [String]) throws {
            process.executableURL = try VerifyLemmasProcess.binary
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            let ended = ended
            process.terminationHandler = { _ in ended.signal() }
            try process.run()
        }

        /// Its standard error, once it ended by itself within `seconds` (`nil` if it had to be killed;
        /// the process has ended either way, so its status can be read).
        func finish(within seconds: Double = 20) -> String? {
            guard ended.wait(timeout: .now() + seconds) == .success else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    /// Every file under `folder` (hidden ones too) with its contents.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    func testSIGINTMidCheckWithTwoJobsExits130AndTouchesNoOutput() throws {
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")
        let dot = outputs.appendingPathComponent("dot")
        try FileManager.default.createDirectory(at: dot, withIntermediateDirectories: true)
        let json = outputs.appendingPathComponent("report.json")
        let junit = outputs.appendingPathComponent("report.xml")
        try Data("previous json".utf8).write(to: json)
        try Data("previous junit".utf8).write(to: junit)
        try Data("previous picture".utf8).write(to: dot.appendingPathComponent("old.dot"))
        let before = try snapshot(outputs)
        for attempt in 0..<Self.runs {
            let run = try Run([LemmaSet.folder.path, "--mutants", "--jobs", "2", "--json", json.path, "--junit", junit.path, "--dot", dot.path])
            // Past start-up and the front end, in the reduction obligations or the lemmas' checks.
            Thread.sleep(forTimeInterval: 1 + 0.1 * Double(attempt % 5))
            XCTAssertTrue(run.process.isRunning, "run \(attempt) ended before it could be interrupted")
            kill(run.process.processIdentifier, SIGINT)
            let message = try XCTUnwrap(run.finish(), "run \(attempt) did not stop within 20 s of SIGINT")
            XCTAssertEqual(run.process.terminationReason, .exit, "run \(attempt) crashed: \(message)")
            XCTAssertEqual(run.process.terminationStatus, 130, "run \(attempt): \(message)")
            XCTAssertTrue(message.contains("interrupted by SIGINT; no verdict, no report written"), "run \(attempt): \(message)")
            XCTAssertEqual(try snapshot(outputs), before, "run \(attempt) touched an output")
        }
    }

    func testWriteProofsInterruptedLeavesProofsWhole() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proofs-\(UUID().uuidString)")
        let proofs = root.appendingPathComponent("Proofs")
        let lemmas = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma.replacingOccurrences(of: "expect holds", with: "expect refuted")])
        let arguments = [lemmas.path, "--write-proofs", "--proofs", proofs.path, "--jobs", "2"]
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let start = Date()
        let first = try Run(arguments)
        _ = try XCTUnwrap(first.finish(within: 600), "the uninterrupted run did not end within 600 s")
        XCTAssertEqual(first.process.terminationStatus, 0)
        let duration = Date().timeIntervalSince(start)
        let written = try snapshot(proofs)
        XCTAssertTrue(written.keys.contains("/verdicts.json"), "\(written.keys.sorted())")
        XCTAssertTrue(written.keys.contains("/refutations/flipped.smt2"), "\(written.keys.sorted())")
        // Signals spread over the whole run, so that some land while the proofs are written, but
        // not before the process could install its handler: a signal during the dynamic loader's
        // start-up ends any process (the run is short now, about 0.2 s in a debug build, so a
        // twentieth of it came too early). Start-up is measured as a run that only parses
        // (`--version`), with half again as margin.
        let launched = Date()
        let version = try Run(["--version"])
        _ = try XCTUnwrap(version.finish(within: 600), "--version did not end within 600 s")
        let startUp = 1.5 * Date().timeIntervalSince(launched)
        for attempt in 0..<Self.runs {
            let run = try Run(arguments)
            Thread.sleep(forTimeInterval: startUp + max(0, duration - startUp) * Double(attempt + 1) / Double(Self.runs + 1))
            kill(run.process.processIdentifier, SIGINT)
            let message = try XCTUnwrap(run.finish(), "run \(attempt) did not stop within 20 s of SIGINT")
            XCTAssertEqual(run.process.terminationReason, .exit, "run \(attempt) crashed: \(message)")
            XCTAssertTrue([0, 130].contains(run.process.terminationStatus), "run \(attempt): \(message)")
            XCTAssertEqual(try snapshot(proofs), written, "run \(attempt) left Proofs/ different")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: root.path), ["Proofs"], "run \(attempt) left a staging folder")
        }
    }

    /// `--explain` judges variants of a lemma after its verdict: their checker walks did not look at
    /// the interrupt, so SIGINT during them waited for every remaining walk (11 s of a 14 s run,
    /// FINDINGS 22). Interrupted at 40 % of an uninterrupted run, the process must end well before
    /// the rest of that run would have.
    func testSIGINTDuringExplainsVariantsEndsTheRunPromptly() throws {
        try SlowTier.require()
        let folder = try Repository.temporaryFolder(["five.lemma": """
            lemma five_unneeded_assumptions {
              summary "s"; source R1; rules runtime; expect holds
              forall p: path in before, q: path in after, r: path in after
              assume p.length >= 1
              assume q.length >= 1
              assume r.length >= 1
              assume p.state >= 0 || p.state < 0
              assume q.state >= 0 || q.state < 0
              show survives(p, q) => q.state == p.state
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [folder.path, "--explain"]
        let start = Date()
        let whole = try Run(arguments)
        _ = try XCTUnwrap(whole.finish(within: 600), "the uninterrupted run did not end within 600 s")
        XCTAssertEqual(whole.process.terminationStatus, 0)
        let duration = Date().timeIntervalSince(start)
        let run = try Run(arguments)
        Thread.sleep(forTimeInterval: 0.4 * duration)
        XCTAssertTrue(run.process.isRunning, "the run ended before it could be interrupted")
        let signalled = Date()
        kill(run.process.processIdentifier, SIGINT)
        let message = try XCTUnwrap(run.finish(), "the run did not stop within 20 s of SIGINT")
        let late = Date().timeIntervalSince(signalled)
        XCTAssertEqual(run.process.terminationStatus, 130, message)
        XCTAssertTrue(message.contains("interrupted by SIGINT; no verdict, no report written"), message)
        XCTAssertLessThan(late, 0.25 * duration, "ended \(late) s after SIGINT, of a \(duration) s run")
    }
}
