import Foundation
import TestSupport
import XCTest

/// SIGINT in the middle of a run: exit 130, no crash, no output touched; and `--write-proofs`
/// interrupted at any moment leaves the proofs folder whole. `INTERRUPT_RUNS` sets how many runs
/// (`.ci/run` asks for 20; `swift test` does 1 to stay short). Each signal goes when the process has
/// done something (installed its handler, used so much processor time: `ChildProcessStatus`), never
/// after a wall-clock sleep, which a loaded machine stretches.
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

        /// What /proc shows of it.
        var status: ChildProcessStatus { ChildProcessStatus(pid: process.processIdentifier) }

        /// Waits until it catches `signal` with a handler of its own; false if it ended first or
        /// took more than 60 s.
        func waitUntilItCatches(_ signal: Int32) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline, !status.catches(signal) { usleep(1_000) }
            return process.isRunning && status.catches(signal)
        }

        /// Waits until it has used `ticks` of processor time (`ChildProcessStatus.processorTicks`),
        /// ended, or `seconds` went by; returns the last reading.
        @discardableResult
        func waitUntilItHasUsed(_ ticks: Int, within seconds: Double = 600) -> Int {
            ChildProcessStatus.wait(for: process, toUse: ticks, within: seconds)
        }

        /// Waits for its end (`seconds` at most) and returns the processor time it used, in ticks:
        /// the last reading before /proc let it go.
        func processorTicksUntilItEnds(within seconds: Double = 600) -> Int { waitUntilItHasUsed(.max, within: seconds) }
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
        let outputs = TemporaryFolder.path("interrupt")
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
            // Past start-up and the front end, in the reduction obligations or the lemmas' checks:
            // 0.5 to 0.9 s of processor time, once its handler is in place.
            XCTAssertTrue(run.waitUntilItCatches(SIGINT), "run \(attempt) did not catch SIGINT before it ended")
            run.waitUntilItHasUsed(ChildProcessStatus.ticksPerSecond * (5 + attempt % 5) / 10)
            XCTAssertTrue(run.process.isRunning, "run \(attempt) ended before it could be interrupted")
            kill(run.process.processIdentifier, SIGINT)
            let message = try XCTUnwrap(run.finish(), "run \(attempt) did not stop within 20 s of SIGINT")
            XCTAssertEqual(run.process.terminationReason, .exit, "run \(attempt) crashed: \(message)")
            XCTAssertEqual(run.process.terminationStatus, 130, "run \(attempt): \(message)")
            XCTAssertEqual(PrintedCodes.codes(in: message), ["X001"], "run \(attempt): \(message)")
            XCTAssertEqual(try snapshot(outputs), before, "run \(attempt) touched an output")
        }
    }

    func testWriteProofsInterruptedLeavesProofsWhole() throws {
        let root = TemporaryFolder.path("proofs")
        let proofs = root.appendingPathComponent("Proofs")
        let lemmas = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma.replacingOccurrences(of: "expect holds", with: "expect refuted")])
        let arguments = [lemmas.path, "--write-proofs", "--proofs", proofs.path, "--jobs", "2"]
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let first = try Run(arguments)
        let whole = first.processorTicksUntilItEnds()
        _ = try XCTUnwrap(first.finish(within: 600), "the uninterrupted run did not end within 600 s")
        XCTAssertEqual(first.process.terminationStatus, 0)
        XCTAssertGreaterThan(whole, 0, "the uninterrupted run used no processor time /proc could see")
        let written = try snapshot(proofs)
        XCTAssertTrue(written.keys.contains("/verdicts.json"), "\(written.keys.sorted())")
        XCTAssertTrue(written.keys.contains("/refutations/flipped.smt2"), "\(written.keys.sorted())")
        // Signals spread over the whole run's processor time, so that some land while the proofs
        // are written, but never before the process installed its handler: a signal during the
        // dynamic loader's start-up ends any process. A run that ends before its share of the
        // time is not signalled (it must then have left Proofs/ as the first run wrote it).
        var interrupted = 0
        for attempt in 0..<Self.runs {
            let run = try Run(arguments)
            if run.waitUntilItCatches(SIGINT) {
                run.waitUntilItHasUsed(whole * (attempt + 1) / (Self.runs + 1))
                if run.process.isRunning { kill(run.process.processIdentifier, SIGINT) }
            }
            let message = try XCTUnwrap(run.finish(), "run \(attempt) did not stop within 20 s of SIGINT")
            XCTAssertEqual(run.process.terminationReason, .exit, "run \(attempt) crashed: \(message)")
            XCTAssertTrue([0, 130].contains(run.process.terminationStatus), "run \(attempt): \(message)")
            if run.process.terminationStatus == 130 { interrupted += 1 }
            XCTAssertEqual(try snapshot(proofs), written, "run \(attempt) left Proofs/ different")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: root.path), ["Proofs"], "run \(attempt) left a staging folder")
        }
        // Not vacuous: signals at a share of the whole run's processor time find runs still going.
        XCTAssertGreaterThan(interrupted, 0, "no run of \(Self.runs) was interrupted")
    }

    /// `--explain` judges variants of a lemma after its verdict: their checker walks did not look at
    /// the interrupt, so SIGINT during them waited for every remaining walk (11 s of a 14 s run,
    /// FINDINGS 22). Interrupted at 40 % of an uninterrupted run's processor time, the process must
    /// end having used less than a quarter of that run's time more.
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
        let uninterrupted = try Run(arguments)
        let whole = uninterrupted.processorTicksUntilItEnds()
        _ = try XCTUnwrap(uninterrupted.finish(within: 600), "the uninterrupted run did not end within 600 s")
        XCTAssertEqual(uninterrupted.process.terminationStatus, 0)
        let run = try Run(arguments)
        XCTAssertTrue(run.waitUntilItCatches(SIGINT), "the run did not catch SIGINT before it ended")
        let signalled = run.waitUntilItHasUsed(whole * 4 / 10)
        XCTAssertTrue(run.process.isRunning, "the run ended before it could be interrupted")
        kill(run.process.processIdentifier, SIGINT)
        let used = run.processorTicksUntilItEnds(within: 20)
        let message = try XCTUnwrap(run.finish(), "the run did not stop within 20 s of SIGINT")
        XCTAssertEqual(run.process.terminationStatus, 130, message)
        XCTAssertEqual(PrintedCodes.codes(in: message), ["X001"], message)
        XCTAssertLessThan(used - signalled, whole / 4, "used \(used - signalled) ticks after SIGINT, of a \(whole)-tick run")
    }
}
