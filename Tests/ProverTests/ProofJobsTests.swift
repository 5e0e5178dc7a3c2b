import Foundation
import TestSupport
import XCTest

/// What `--write-proofs` records (Proofs/) does not depend on `--jobs`: the jobs decide only which
/// thread runs which session, and every session's Z3 answers follow from its own calls. The runs
/// are of the binary (`.ci/run` names its release build: `VERIFY_LEMMAS_BINARY`), each writing a
/// folder of its own, compared file by file.
final class ProofJobsTests: XCTestCase {
    /// Every file under `folder`, by its path inside it.
    private static func files(under folder: URL) throws -> [String: Data] {
        let root = folder.resolvingSymlinksInPath().path + "/"
        var files: [String: Data] = [:]
        let walk = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in walk where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let path = url.resolvingSymlinksInPath().path
            XCTAssertTrue(path.hasPrefix(root), path)
            files[String(path.dropFirst(root.count))] = try Data(contentsOf: url)
        }
        return files
    }

    func testTheRecordedProofsDoNotDependOnTheJobs() throws {
        try SlowTier.require()
        let scratch = try Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jobs = [1, 2, 4]
        let folders = jobs.map { scratch.appendingPathComponent("jobs\($0)") }
        // The three runs at once: what each records cannot depend on what else runs beside it. The
        // checker's cross-check records nothing in Proofs/: its smallest bound keeps the runs short.
        let runs = try VerifyLemmasProcess.runAll(
            zip(jobs, folders).map { jobs, folder in
                ["Lemmas", "--write-proofs", "--proofs", folder.path, "--jobs", "\(jobs)", "--checker-depth", "1", "--checker-branching", "1", "--quiet"]
            },
            in: Repository.root, standardOutput: FileHandle.nullDevice)
        for (jobs, run) in zip(jobs, runs) { XCTAssertEqual(run.status, 0, "--jobs \(jobs): \(run.errors)") }
        let recorded = try folders.map(Self.files(under:))
        let one = recorded[0]
        // Not vacuous: every refutation Proofs/ holds has its certificate here, and obligations ran.
        let refutations = try FileManager.default.contentsOfDirectory(
            atPath: Repository.root.appendingPathComponent("Proofs/refutations").path)
        XCTAssertEqual(one.keys.filter { $0.hasPrefix("refutations/") }.count, refutations.count)
        XCTAssertGreaterThan(refutations.count, 10)
        XCTAssertGreaterThan(one.keys.filter { $0.hasPrefix("reduction/") && $0.contains("/prefix.") }.count, 10)
        XCTAssertNotNil(one["verdicts.json"])
        for (jobs, other) in zip(jobs.dropFirst(), recorded.dropFirst()) {
            XCTAssertEqual(Set(other.keys).symmetricDifference(one.keys).sorted(), [], "--jobs \(jobs) recorded other files than --jobs 1")
            for (path, data) in one.sorted(by: { $0.key < $1.key }) where other[path].map({ $0 != data }) == true {
                XCTFail("--jobs \(jobs) recorded another \(path) than --jobs 1")
            }
        }
    }
}
