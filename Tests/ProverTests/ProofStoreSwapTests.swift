import Foundation
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover

/// Issue 26 items 4 and 5: `--write-proofs` renamed Proofs/ away and then the new folder in, so a
/// kill between the two renames left no Proofs/; a killed write's staging copy stayed for good.
/// Here a write is stopped at each of its steps as a kill would stop it (no clean-up runs), and
/// Proofs/ is then the old folder or the new one, whole; the next write removes what was left.
final class ProofStoreSwapTests: XCTestCase {
    private static let resetAll = """
        lemma reset_all {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    /// Two different records of one lemma folder: the old (one lemma) and the new (both).
    private static let reports: (old: RunReport, new: RunReport) = {
        let lemmas = try! Repository.temporaryFolder(["a.lemma": resetAll, "b.lemma": LemmaSet.flippedLemma])
        defer { try? FileManager.default.removeItem(at: lemmas) }
        var options = VerifierOptions.shallowChecker
        options.exportScripts = true
        let whole = Verifier(options: options).run(paths: [lemmas])
        options.filter = "reset_all"
        return (Verifier(options: options).run(paths: [lemmas]), whole)
    }()

    private var folder: URL!

    override func setUpWithError() throws { folder = try Repository.temporaryFolder() }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A store in a new folder of its own holding the old records, and the new records' snapshot.
    private func storeWithOldRecords() throws -> (store: ProofStore, old: [String: Data], new: [String: Data]) {
        let elsewhere = ProofStore(folder: try Repository.temporaryFolder().appendingPathComponent("Proofs"))
        defer { try? FileManager.default.removeItem(at: elsewhere.folder.deletingLastPathComponent()) }
        try elsewhere.write(Self.reports.new)
        let parent = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let store = ProofStore(folder: parent.appendingPathComponent("Proofs"))
        try store.write(Self.reports.old)
        let old = try snapshot(store), new = try snapshot(elsewhere)
        XCTAssertNotEqual(old, new, "the two records must differ for the test to tell them apart")
        return (store, old, new)
    }

    func testAKillAtEveryStepOfTheExchangeLeavesTheOldOrTheNewFolderWhole() throws {
        for step in ProofStore.WriteStep.allCases {
            let (store, old, new) = try storeWithOldRecords()
            var reached: [ProofStore.WriteStep] = []
            let finished = try store.write(
                Self.reports.new, proceed: { true }, exchange: FolderSwap.exchange,
                survives: { reached.append($0); return $0 != step })
            XCTAssertFalse(reached.contains(.retired), "the exchange needs no rename away (\(reached))")
            guard reached.last == step else {
                XCTAssertTrue(finished)
                XCTAssertEqual(step, .retired)
                continue
            }
            XCTAssertFalse(finished)
            let after = try snapshot(store)
            XCTAssertEqual(after, step == .committed ? new : old, "killed at \(step): Proofs/ is neither the old folder nor the new")
            XCTAssertFalse(leftovers(store).isEmpty, "killed at \(step): the staging copy is left, as after a real kill")
            try store.write(Self.reports.new)
            XCTAssertEqual(try snapshot(store), new)
            XCTAssertEqual(leftovers(store), [], "after a kill at \(step), the next write left copies behind")
        }
    }

    /// Where the file system cannot exchange folders (NFS), the two renames remain: a kill between
    /// them leaves no Proofs/ until the next write, which puts the old folder back first.
    func testWithoutAnExchangeTheNextWriteRepairsAKillBetweenTheRenames() throws {
        for step in ProofStore.WriteStep.allCases {
            let (store, old, new) = try storeWithOldRecords()
            var reached: [ProofStore.WriteStep] = []
            let finished = try store.write(
                Self.reports.new, proceed: { true }, exchange: { _, _ in false }, survives: { reached.append($0); return $0 != step })
            XCTAssertFalse(finished)
            XCTAssertEqual(reached.last, step)
            if step == .retired {
                XCTAssertFalse(FileManager.default.fileExists(atPath: store.folder.path), "the documented gap of the two renames")
                try store.removeLeftovers()
                XCTAssertEqual(try snapshot(store), old, "the old folder was not put back")
            } else {
                XCTAssertEqual(try snapshot(store), step == .committed ? new : old, "killed at \(step)")
            }
            XCTAssertTrue(try store.write(Self.reports.new, proceed: { true }, exchange: { _, _ in false }, survives: { _ in true }))
            XCTAssertEqual(try snapshot(store), new)
            XCTAssertEqual(leftovers(store), [], "after a kill at \(step)")
        }
    }

    /// An exchange that fails (not a kill) leaves the old folder and no copy beside it, as the
    /// command line's message says.
    func testAFailedExchangeLeavesTheOldFolderAndNoCopy() throws {
        struct Refused: Error {}
        let (store, old, _) = try storeWithOldRecords()
        XCTAssertThrowsError(
            try store.write(Self.reports.new, proceed: { true }, exchange: { _, _ in throw Refused() }, survives: { _ in true }))
        XCTAssertEqual(try snapshot(store), old)
        XCTAssertEqual(leftovers(store), [])
    }

    /// Copies named as main named them (no process), or after a dead process, are removed; a
    /// running process's (pid 1 is always running) is kept.
    func testTheNextWriteRemovesTheCopiesOfDeadWritesOnly() throws {
        let (store, _, new) = try storeWithOldRecords()
        let parent = store.folder.deletingLastPathComponent()
        let dead = [".Proofs.new-1A2B3C4D", ".Proofs.old-5E6F7A8B", ".Proofs.new-2147483646-deadbeef"]
        let running = ".Proofs.new-1-cafef00d"
        for name in dead + [running] {
            try FileManager.default.moveItem(
                at: try Repository.temporaryFolder(["x.smt2": "(check-sat)"]), to: parent.appendingPathComponent(name))
        }
        XCTAssertEqual(Set(leftovers(store)), Set(dead + [running]))
        try store.write(Self.reports.new)
        XCTAssertEqual(try snapshot(store), new)
        XCTAssertEqual(leftovers(store), [running])
    }

    /// The copies beside the store's folder.
    private func leftovers(_ store: ProofStore) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.folder.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".Proofs.") }.sorted()
    }

    /// Every file under the store's folder with its contents; empty when the folder is gone.
    private func snapshot(_ store: ProofStore) throws -> [String: Data] {
        let root = store.folder
        var files: [String: Data] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) ?? .init() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[String(url.path.dropFirst(root.path.count))] = try Data(contentsOf: url)
        }
        return files
    }
}
