import Foundation
import IdentityModel
import LemmaLogic
import XCTest

@testable import Prover

/// Regressions for the unsound verdicts in Tests/ProverTests/SoundnessCorpus/FINDINGS.md whose
/// witnesses the corpus format cannot hold (a trace that is defined only under a mutant).
final class RedTeamFindingsTests: XCTestCase {
    /// FINDINGS.md 2: under `duplicateKeysMerged`, `ForEach([3, 3], id: \.self)` is a defined render
    /// whose two rows share key 3, so "two rows of one render have different keys" is false there;
    /// the path level assumed it for every rule set and proved the lemma.
    func testDuplicateKeysMergedDoesNotProveThatRowsHaveDistinctKeys() throws {
        let text = """
            lemma rows_of_one_foreach_have_distinct_keys {
              source R8; rules runtime; expect holds
              forall p: path in before, q: path in before
              assume p.length == 1 && q.length == 1 && p[0].kind == .forEach && q[0].kind == .forEach
              assume p[0].offset != q[0].offset
              show p[0].key != q[0].key
            }
            """
        // The trace that falsifies it is defined under the mutant and has two rows with one key.
        var state = RuntimeState(rules: RuleSet.runtime.mutated(.duplicateKeysMerged))
        let report = try state.render(try RenderParser.parse("ForEach([3, 3], id: \\.self) { Counter(state: 0) @c }"))
        XCTAssertEqual(report.views.map(\.path.steps), [
            [.forEach(source: .self, key: .int(3), offset: 0)], [.forEach(source: .self, key: .int(3), offset: 1)],
        ])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redteam-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("rows.lemma"), atomically: true, encoding: .utf8)

        var options = VerifierOptions()
        options.jobs = 1
        options.checkerBound = Bound(depth: 1, branching: 2)
        let runtime = try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
        XCTAssertEqual(runtime.verdict, .proved, "true under runtime, where duplicate keys are undefined: \(runtime.message)")

        options.mutation = .duplicateKeysMerged
        let merged = try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
        XCTAssertNotEqual(merged.verdict, .proved, "false under duplicateKeysMerged: \(merged.message)")
    }
}
