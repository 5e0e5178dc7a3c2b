import Foundation
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover

/// Proofs/ says what a proof rests on: the entry of a lemma that `use`s another names it, a
/// recorded entry that names other lemmas (or none) is drift, and a drift line has no stray space
/// where a verdict has no scope.
final class ProofStoreUsesTests: XCTestCase {
    private static let lemmas = LemmaText.sameViewAndKeysSurvive
        + LemmaText.lemma(
            "state_rests_on_survival", source: "R1", expect: "holds", paths: ("a", "b"), uses: ["same_view_and_keys_survive"],
            assume: ["sameView(a, b)", LemmaText.sameKeysIdsAndReads("a", "b")], show: "b.state == a.state")
        + LemmaText.sameViewSurvives(expect: "refuted")

    private var folder: URL!
    private var store: ProofStore!
    private var ledger: URL { store.folder.appendingPathComponent("verdicts.json") }

    override func setUpWithError() throws {
        folder = try Repository.temporaryFolder([:])
        store = ProofStore(folder: folder.appendingPathComponent("Proofs"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A run of the lemmas, with the shallow checker (what is recorded is the tests' subject, not the checker's reach).
    private static func freshRun() throws -> RunReport {
        let lemmas = try Repository.temporaryFolder(["l.lemma": Self.lemmas])
        defer { try? FileManager.default.removeItem(at: lemmas) }
        var options = VerifierOptions.shallowChecker
        options.exportScripts = true
        return Verifier(options: options).run(paths: [lemmas])
    }

    /// The run made once for every test: they differ in what they do to the recorded proofs.
    /// (`testTheEntryOfAUsingLemmaNamesTheLemmaItRestsOn` checks a second run against it.)
    private static let run = Result { try freshRun() }

    private func verify() throws -> RunReport { try Self.run.get() }

    private func recordedLemmas() throws -> [String: [String: Any]] {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: ledger)) as? [String: Any])
        let lemmas = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: lemmas.map { ($0["name"] as? String ?? "", $0) })
    }

    private func editLemma(_ name: String, _ change: (inout [String: Any]) -> Void) throws {
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: ledger)) as? [String: Any])
        var lemmas = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        let index = try XCTUnwrap(lemmas.firstIndex { $0["name"] as? String == name })
        change(&lemmas[index])
        document["lemmas"] = lemmas
        try JSONSerialization.data(withJSONObject: document).write(to: ledger)
    }

    func testTheEntryOfAUsingLemmaNamesTheLemmaItRestsOn() throws {
        let report = try verify()
        let byName = Dictionary(uniqueKeysWithValues: report.lemmas.map { ($0.name, $0) })
        XCTAssertEqual(byName["state_rests_on_survival"]?.verdict, .proved, byName["state_rests_on_survival"]?.message ?? "")
        XCTAssertEqual(byName["state_rests_on_survival"]?.uses, ["same_view_and_keys_survive"])
        XCTAssertEqual(byName["same_view_and_keys_survive"]?.uses, [])
        try store.write(report)
        let recorded = try recordedLemmas()
        XCTAssertEqual(recorded["state_rests_on_survival"]?["uses"] as? [String], ["same_view_and_keys_survive"])
        XCTAssertNil(recorded["same_view_and_keys_survive"]?["uses"], "a lemma that uses none records no uses")
        XCTAssertEqual(try store.check(try Self.freshRun()), [], "a second run drifts from the first")
    }

    func testAnEntryRecordedWithOtherUsesIsDrift() throws {
        try store.write(try verify())
        try editLemma("state_rests_on_survival") { $0["uses"] = nil }
        try editLemma("same_view_and_keys_survive") { $0["uses"] = ["same_view_survives"] }
        XCTAssertEqual(try store.check(try verify()), [
            .usesChanged(.init(.lemma, rules: "runtime", name: "same_view_and_keys_survive"), recorded: ["same_view_survives"], now: nil),
            .usesChanged(.init(.lemma, rules: "runtime", name: "state_rests_on_survival"), recorded: nil, now: ["same_view_and_keys_survive"]),
        ])
    }

    /// Wording on purpose: the line `--check-proofs` prints of a drift.
    func testADriftLineHasNoStraySpace() throws {
        try store.write(try verify())
        // The refuted lemma has no scope: its line must not end in a space, nor have two in a row.
        try editLemma("same_view_survives") { $0["verdict"] = "proved"; $0["scope"] = "unbounded" }
        let drift = try store.check(try verify())
        let entry = ProofDrift.Entry(.lemma, rules: "runtime", name: "same_view_survives")
        XCTAssertEqual(drift, [.verdictChanged(entry, recorded: "proved unbounded", now: "refuted")])
        XCTAssertEqual(drift.map(\.description), ["lemma runtime/same_view_survives: recorded proved unbounded, now refuted"])
        for line in drift.map(\.description) {
            XCTAssertFalse(line.hasSuffix(" "), line)
            XCTAssertFalse(line.contains("  "), line)
        }
    }
}
