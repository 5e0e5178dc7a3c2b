import Foundation
import ModelChecker
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover

/// `--check-proofs` with `--filter` or `--shard` compares the Proofs/ entries of what it ran:
/// the lemmas run and every obligation of their rule sets; it does not call the rest drift, and it
/// still finds drift in what it ran.
final class ProofStoreScopeTests: XCTestCase {
    private static let resetAll = """
        lemma reset_all {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    /// The lemma folder every test but `testAFilteredCheckRunsTheLemmasItsItemsUse` reads, made
    /// once: the runs below read it and no test writes to it.
    private static let lemmas = Result {
        try Repository.temporaryFolder([
            "a.lemma": ProofStoreScopeTests.resetAll,
            "b.lemma": LemmaSet.flippedLemma.replacingOccurrences(of: "rules runtime", with: "rules documented"),
        ])
    }

    /// The runs of `lemmas` the tests compare, each made once (a run's report depends on its
    /// options and the files only; the tests edit the recorded ledger, never a report).
    private static let wholeRun = Result { try run() }
    private static let resetRun = Result { try run(filter: "reset") }
    private static let resetAllRun = Result { try run(filter: "reset_all") }
    private static let firstShardRun = Result { try run(shard: Shard(index: 1, count: 2)!) }
    private static let secondShardRun = Result { try run(shard: Shard(index: 2, count: 2)!) }

    private static func run(filter: String? = nil, shard: Shard = .whole) throws -> RunReport {
        var options = VerifierOptions.shallowChecker
        options.exportScripts = true
        options.filter = filter
        options.shard = shard
        return Verifier(options: options).run(paths: [try lemmas.get()])
    }

    override class func tearDown() {
        if case .success(let folder) = lemmas { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    /// This test's folder: its `Proofs/`, where the whole run is recorded.
    private var folder: URL!
    private var store: ProofStore!
    private var ledger: URL { store.folder.appendingPathComponent("verdicts.json") }

    override func setUpWithError() throws {
        folder = try Repository.temporaryFolder()
        store = ProofStore(folder: folder.appendingPathComponent("Proofs"))
        try store.write(Self.wholeRun.get())
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Whether `drift` says `entry`'s recorded verdict was `verdict` (whatever it is now).
    private static func recorded(_ drift: ProofDrift, _ entry: ProofDrift.Entry, _ verdict: String) -> Bool {
        guard case .verdictChanged(entry, let recorded, _) = drift else { return false }
        return recorded == verdict || recorded.hasPrefix(verdict + " ")
    }

    /// Rewrites the recorded ledger: `change` gets its lemmas and its obligations.
    private func editLedger(_ change: (inout [[String: Any]], inout [[String: Any]]) -> Void) throws {
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: ledger)) as? [String: Any])
        var lemmas = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        var reduction = try XCTUnwrap(document["reduction"] as? [[String: Any]])
        change(&lemmas, &reduction)
        document["lemmas"] = lemmas
        document["reduction"] = reduction
        try JSONSerialization.data(withJSONObject: document).write(to: ledger)
    }

    /// A filtered check whose lemma `use`s another runs that one too (`filterRunsUsedLemmas`, set
    /// by `--check-proofs`): without it the user is unknown (`used-lemma-not-run`), which its
    /// recorded `proved unbounded` would call drift although nothing changed.
    func testAFilteredCheckRunsTheLemmasItsItemsUse() throws {
        let user = """
            lemma rests_on_reset_all {
              source R4; rules runtime; expect holds
              forall p: path in before, q: path in after
              assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
              use reset_all(p, q)
              show resets(p, q)
            }
            """
        let folder = try Repository.temporaryFolder(["lemmas/a.lemma": Self.resetAll + "\n" + user])
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ProofStore(folder: folder.appendingPathComponent("Proofs"))
        func run(filter: String?, runsUsed: Bool) -> RunReport {
            var options = VerifierOptions.shallowChecker
            options.exportScripts = true
            options.filter = filter
            options.filterRunsUsedLemmas = runsUsed
            return Verifier(options: options).run(paths: [folder.appendingPathComponent("lemmas")])
        }
        let whole = run(filter: nil, runsUsed: false)
        XCTAssertEqual(whole.lemmas.map { "\($0.name) \($0.verdict) \(String(describing: $0.scope))" },
                       ["reset_all proved Optional(unbounded)", "rests_on_reset_all proved Optional(unbounded)"])
        try store.write(whole)

        let alone = run(filter: "rests_on", runsUsed: false)
        XCTAssertEqual(alone.lemmas.map(\.name), ["rests_on_reset_all"])
        XCTAssertEqual(alone.lemmas.first?.outcome.reasonCode, "used-lemma-not-run")
        XCTAssertTrue(try store.check(alone).contains { Self.recorded($0, .init(.lemma, rules: "runtime", name: "rests_on_reset_all"), "proved") })

        let withUsed = run(filter: "rests_on", runsUsed: true)
        XCTAssertEqual(withUsed.lemmas.map(\.name), ["reset_all", "rests_on_reset_all"])
        XCTAssertEqual(withUsed.lemmas.map(\.scope), [.unbounded, .unbounded])
        XCTAssertEqual(try store.check(withUsed), [])
    }

    /// A run of some of the files the proofs were recorded from (`verify-lemmas Lemmas/DIR/FILE.lemma
    /// --check-proofs`) compares its own items' entries: the other files' lemmas are not gone.
    func testACheckOfSomeFilesComparesOnlyTheItemsItRan() throws {
        var options = VerifierOptions.shallowChecker
        options.exportScripts = true
        let part = Verifier(options: options).run(paths: [try Self.lemmas.get().appendingPathComponent("a.lemma")])
        XCTAssertEqual(part.lemmas.map(\.name), ["reset_all"])
        XCTAssertTrue(try store.check(part).contains { $0.code == "gone" }, "as the whole set, b's entries are gone")
        XCTAssertEqual(try store.check(part, partOfTheSet: true), [])
        try editLedger { lemmas, _ in
            for index in lemmas.indices where lemmas[index]["name"] as? String == "reset_all" { lemmas[index]["verdict"] = "refuted" }
        }
        let drift = try store.check(part, partOfTheSet: true)
        XCTAssertTrue(drift.contains { Self.recorded($0, .init(.lemma, rules: "runtime", name: "reset_all"), "refuted") }, "\(drift)")
        XCTAssertFalse(drift.contains { $0.code == "gone" }, "\(drift)")
    }

    func testAFilteredCheckComparesOnlyTheItemsItRan() throws {
        let filtered = try Self.resetRun.get()
        XCTAssertEqual(filtered.lemmas.map(\.name), ["reset_all"])
        XCTAssertEqual(try store.check(Self.wholeRun.get()), [])
        XCTAssertEqual(try store.check(filtered), [], "flipped and the documented rules' obligations were not run")
        // What it ran still counts: a recorded verdict of reset_all that differs, an obligation of
        // runtime that differs, and a recorded lemma the filter matches that is gone.
        try editLedger { lemmas, reduction in
            for index in lemmas.indices where lemmas[index]["name"] as? String == "reset_all" { lemmas[index]["verdict"] = "refuted" }
            var gone = lemmas[0]
            gone["name"] = "reset_all_before"
            gone["rules"] = "runtime"
            lemmas.append(gone)
            let runtime = try! XCTUnwrap(reduction.firstIndex { $0["rules"] as? String == "runtime" })
            reduction[runtime]["verdict"] = "refuted"
        }
        let drift = try store.check(filtered)
        XCTAssertTrue(drift.contains { Self.recorded($0, .init(.lemma, rules: "runtime", name: "reset_all"), "refuted") }, "\(drift)")
        XCTAssertTrue(drift.contains(.gone(.init(.lemma, rules: "runtime", name: "reset_all_before"))), "\(drift)")
        XCTAssertTrue(
            drift.contains { $0.entry?.kind == .obligation && $0.entry?.rules == "runtime" && Self.recorded($0, $0.entry!, "refuted") }, "\(drift)")
        XCTAssertFalse(drift.contains { $0.entry?.name == "flipped" || $0.entry?.rules == "documented" }, "\(drift)")
    }

    func testAFilteredCheckLeavesOutTheOtherRuleSetsObligationsButTheWholeCheckDoesNot() throws {
        try editLedger { _, reduction in
            let documented = try! XCTUnwrap(reduction.firstIndex { $0["rules"] as? String == "documented" })
            reduction[documented]["verdict"] = "refuted"
        }
        XCTAssertEqual(try store.check(Self.resetRun.get()), [])
        XCTAssertTrue(
            try store.check(Self.wholeRun.get()).contains { $0.entry?.kind == .obligation && $0.entry?.rules == "documented" },
            "the whole check compares every obligation")
    }

    func testAShardComparesItsOwnItems() throws {
        let first = try Self.firstShardRun.get(), second = try Self.secondShardRun.get()
        XCTAssertEqual(first.lemmas.map(\.name), ["reset_all"])
        XCTAssertEqual(try store.check(first), [])
        XCTAssertEqual(try store.check(second), [])
        try editLedger { lemmas, _ in
            for index in lemmas.indices where lemmas[index]["name"] as? String == "flipped" { lemmas[index]["verdict"] = "proved" }
        }
        XCTAssertEqual(try store.check(first), [], "flipped is the other shard's")
        XCTAssertTrue(try store.check(second).contains { Self.recorded($0, .init(.lemma, rules: "documented", name: "flipped"), "proved") })
    }

    /// `--write-proofs` interrupted while the new folder is built (SIGINT after the run, during the
    /// copy of a large Proofs/) exited 130 "the run does not count" with Proofs/ replaced, where the
    /// README says it is left as it was (FINDINGS 21): a write whose `proceed` says no changes nothing.
    func testAWriteThatMayNotProceedLeavesTheFolderAsItWas() throws {
        let before = try snapshot()
        var asked = 0
        let written = try store.write(Self.resetAllRun.get(), proceed: { asked += 1; return false })
        XCTAssertFalse(written)
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(try snapshot(), before, "the folder changed")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["Proofs"], "a staging folder was left")
        XCTAssertTrue(try store.write(Self.resetAllRun.get()))
        XCTAssertNotEqual(try snapshot(), before, "a write that proceeds records the filtered run")
    }

    /// Every file under Proofs/ with its contents.
    private func snapshot() throws -> [String: Data] {
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
