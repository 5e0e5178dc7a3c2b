import Foundation
import TestSupport
import XCTest

@testable import Prover

/// The ends of a run that no other test produced, by their codes (README.md, "Exit status"): a
/// signal while the outputs are written (X002), a `--write-proofs` that cannot replace the
/// proofs folder (X004), and `explore` bounds beyond what its checker holds (X006). Each runs the
/// built `verify-lemmas` as CI does.
final class RunEndCodeTests: XCTestCase {
    /// The checker's bound for these runs: they are about how a run ends, not what the checker reaches.
    private static let shallow = ["--checker-depth", "\(VerifierOptions.shallowCheckerBound.depth)"]

    /// The run blocks writing its JSON report into a pipe the test keeps full, is sent SIGINT there,
    /// and finishes the write once the test reads: it ends 130 with X002 (the outputs were being
    /// written; the run does not count), never X001 or exit 0, and the report it wrote is whole.
    func testASignalWhileTheReportIsWrittenEndsWithX002() throws {
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = Pipe()
        // F_SETPIPE_SZ (Linux): the smallest pipe the kernel gives, which one report's JSON overfills.
        let capacity = fcntl(pipe.fileHandleForWriting.fileDescriptor, 1031, Int32(4096))
        XCTAssertGreaterThanOrEqual(capacity, 4096, "F_SETPIPE_SZ failed: \(errno)")
        let running = try VerifyLemmasProcess.start(
            [folder.path, "--json", "-", "--quiet", "--jobs", "1"] + Self.shallow, standardOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let reader = pipe.fileHandleForReading.fileDescriptor
        var queued: Int32 = 0
        let deadline = Date().addingTimeInterval(600)
        while running.process.isRunning, Date() < deadline, queued < capacity {
            // FIONREAD: the bytes waiting in the pipe; a full pipe holds the writer in write(2).
            _ = withUnsafeMutablePointer(to: &queued) { ioctl(reader, 0x541B, $0) }
            usleep(10_000)
        }
        XCTAssertEqual(queued, capacity, "the run never filled the pipe with its report")
        running.send(SIGINT)
        // The watch records the signal on its own queue while the write waits (SA_RESTART resumes it);
        // two seconds leave that queue time to run on a loaded machine.
        usleep(2_000_000)
        let written = pipe.fileHandleForReading.readDataToEndOfFile()
        let finished = running.wait()
        XCTAssertFalse(finished.signalled, finished.errors)
        XCTAssertEqual(finished.status, 128 + SIGINT, finished.errors)
        XCTAssertEqual(PrintedCodes.codes(in: finished.errors), ["X002"], finished.errors)
        XCTAssertGreaterThan(written.count, Int(capacity))
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: written), "the report on standard output is whole")
    }

    /// A proofs folder the new record cannot be written into (its `verdicts.json` a folder, which
    /// even root cannot write as a file): X004 and exit 2, the folder exactly as it was, and no
    /// staging copy left beside it.
    func testWriteProofsThatCannotReplaceTheFolderEndsWithX004() throws {
        let root = try Repository.temporaryFolder([
            "lemmas/flipped.lemma": LemmaSet.flippedLemma.replacingOccurrences(of: "expect holds", with: "expect refuted"),
            "Proofs/README.md": "kept\n", "Proofs/verdicts.json/inside.txt": "a folder where the record goes\n",
            "Proofs/lemmas/old.smt2": "(old)\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let proofs = root.appendingPathComponent("Proofs")
        let before = try Self.snapshot(proofs)
        let finished = try VerifyLemmasProcess.run(
            [root.appendingPathComponent("lemmas").path, "--write-proofs", "--proofs", proofs.path, "--quiet"] + Self.shallow)
        XCTAssertEqual(finished.status, 2, finished.combined)
        XCTAssertEqual(PrintedCodes.codes(in: finished.errors), ["X004"], finished.errors)
        XCTAssertEqual(try Self.snapshot(proofs), before, "Proofs/ changed")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)), ["lemmas", "Proofs"], "a staging copy was left")
    }

    /// `explore --arbitrary-renders` compiles every render of its bounds into one space: at depth 3
    /// and branching 2 that is 129 identities, one more than the checker's bit sets hold, and the
    /// refusal says so with X006 (exit 2); at depth 2 the same command explores (exit 0 or 1, no code).
    func testExploreBoundsBeyondTheCheckersIdentitiesEndWithX006() throws {
        let runs = try VerifyLemmasProcess.runAll([
            ["explore", "--arbitrary-renders", "--depth", "3", "--branching", "2", "--quiet"],
            ["explore", "--arbitrary-renders", "--depth", "2", "--branching", "2", "--quiet"],
        ])
        XCTAssertEqual(runs[0].status, 2, runs[0].combined)
        XCTAssertEqual(PrintedCodes.codes(in: runs[0].errors), ["X006"], runs[0].errors)
        XCTAssertTrue([0, 1].contains(runs[1].status), runs[1].combined)
        XCTAssertEqual(PrintedCodes.codes(in: runs[1].errors), [], runs[1].errors)
    }

    /// Every file below `folder`, by its path relative to it, with its contents.
    private static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for path in paths {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }
}
