import Foundation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover

/// The sixth red team's FINDINGS.md 55: E097's note for a dependency atom beside `rowOf` sent the
/// reader to a file without a `ForEach`. Each E097 note that names a lemma file names one of
/// `Lemmas/invalidation/`, and the one about rows a file with a dependency through a row.
final class RedTeamRoundSixNoteTests: XCTestCase {
    private static func lemma(_ assumption: String) -> String {
        """
        lemma with_a_row {
          summary "x"; source I8; rules runtime; invalidation runtime; expect holds
          forall p: path in after, q: path in after
          assume rowOf(q, p)
          assume \(assumption)
          show evaluated(q, after) || true
        }
        """
    }

    func testTheRowNoteNamesAFileWithADependencyThroughARow() throws {
        for atom in ["readsProperty(q, a)", "declaresKey(q, k)", "observesObject(q, m)", "holdsStateObject(q)"] {
            let diagnostics = try SingleLemmaFile.load(Self.lemma(atom))
            let error = try XCTUnwrap(diagnostics.first(where: \.isError), "\(atom): \(diagnostics)")
            XCTAssertEqual(error.id, .observableAtomShape, atom)
            let note = try XCTUnwrap(error.notes.first?.message, atom)
            let name = try XCTUnwrap(note.firstMatch(of: /\(([a-z0-9-]+\.lemma)\)/).map { String($0.1) }, note)
            let text = try String(
                contentsOf: Repository.lemmas.appendingPathComponent("invalidation").appendingPathComponent(name), encoding: .utf8)
            // A scenario whose rows read the environment or hold a binding: a dependency through a row.
            XCTAssertTrue(text.contains("ForEach("), "\(name) has no ForEach")
            XCTAssertTrue(text.contains("environment(\\.") || text.contains("$state"), name)
        }
    }

    /// `holdsBindingOf` beside `rowOf` is not refused: a row holding its parent's `$state`.
    func testABindingHeldByARowIsAccepted() throws {
        let diagnostics = try SingleLemmaFile.load(Self.lemma("holdsBindingOf(q, p)"))
        XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
    }
}
