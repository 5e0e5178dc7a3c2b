import Artifacts
import Foundation
import TestSupport
import XCTest

/// `Benchmarks/resource-counts.sh` on made-up records: a count that rose more than ProofStore's
/// tolerance fails unless the allow-list names it up to that count; a rise within the tolerance and
/// a fall pass; the committed record passes against its previous version (CI runs the same).
final class ResourceCountScriptTests: XCTestCase {
    private let script = Repository.root.appendingPathComponent("Benchmarks/resource-counts.sh").path

    private func record(_ counts: [String: Int]) -> String {
        let lemmas = counts.map { #"{"name": "\#($0.key)", "resourceCount": \#($0.value), "rules": "runtime", "verdict": "proved"}"# }
        return #"{"lemmas": [\#(lemmas.joined(separator: ", "))], "reduction": [], "z3Version": "4.8.12"}"#
    }

    private func compare(_ before: [String: Int], _ after: [String: Int], allow: String = "") throws -> (status: Int32, output: String) {
        let folder = try Repository.temporaryFolder(["before.json": record(before), "after.json": record(after), "allow.txt": allow])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try ExternalTool.run("env", [
            "BASE_FILE=\(folder.appendingPathComponent("before.json").path)", "NEW_FILE=\(folder.appendingPathComponent("after.json").path)",
            "ALLOW_FILE=\(folder.appendingPathComponent("allow.txt").path)", "bash", script,
        ])
    }

    func testARiseAboveTheToleranceFailsUnlessAllowedUpToItsCount() throws {
        let rise = try compare(["a": 1000, "b": 1000], ["a": 1300, "b": 500])
        XCTAssertEqual(rise.status, 1, rise.output)
        XCTAssertTrue(rise.output.contains("rise above 25%: lemmas a 1000 -> 1300 (NOT in"), rise.output)
        XCTAssertTrue(rise.output.contains("lemmas | b | 1000 | 500 | -50.0%"), rise.output)
        XCTAssertTrue(rise.output.contains("total lemmas (2 in both): 2000 -> 1800 (-10.0%)"), rise.output)
        let allowed = try compare(["a": 1000], ["a": 1300], allow: "lemmas a 1300 a reason\n")
        XCTAssertEqual(allowed.status, 0, allowed.output)
        let beyond = try compare(["a": 1000], ["a": 1400], allow: "lemmas a 1300 a reason\n")
        XCTAssertEqual(beyond.status, 1, beyond.output)
        let within = try compare(["a": 1000], ["a": 1250])
        XCTAssertEqual(within.status, 0, within.output)
        let malformed = try compare(["a": 1000], ["a": 1000], allow: "lemmas a\n")
        XCTAssertEqual(malformed.status, 2, malformed.output)
        // A name may hold a space, as an invalidation rule set's reduction entries do.
        let spaced = try compare(["a b": 1000], ["a b": 1300], allow: "lemmas a b 1300 a reason\n")
        XCTAssertEqual(spaced.status, 0, spaced.output)
        let noReason = try compare(["a": 1000], ["a": 1000], allow: "lemmas a 1300\n")
        XCTAssertEqual(noReason.status, 2, noReason.output)
    }

    func testTheCommittedRecordDoesNotRiseAgainstItsPreviousVersion() throws {
        // A shallow clone has no previous version to compare with; .ci/run deepens one first.
        let shallow = try ExternalTool.run("git", ["-C", Repository.root.path, "rev-parse", "--is-shallow-repository"])
        if shallow.output.hasPrefix("true") { throw XCTSkip("a shallow clone holds no earlier Proofs/verdicts.json") }
        let committed = try ExternalTool.run("bash", [script])
        XCTAssertEqual(committed.status, 0, committed.output)
    }
}
