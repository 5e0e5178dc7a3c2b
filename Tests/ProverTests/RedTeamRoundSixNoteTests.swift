import Foundation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover

/// The sixth red team's FINDINGS.md 55: E097's note for a dependency atom beside `rowOf` sent the
/// reader to a file without a `ForEach`. Issue 21 lifted that refusal (row-dependencies.lemma): each
/// dependency atom through a row is accepted, and since the last E097 a row could get (a state
/// object beside another dependency atom over three renders) was lifted too, no note is left to send
/// the reader anywhere.
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

    func testEveryDependencyAtomThroughARowIsAccepted() throws {
        for atom in ["readsProperty(q, a)", "declaresKey(q, k)", "observesObject(q, m)", "holdsStateObject(q)"] {
            let diagnostics = try SingleLemmaFile.load(Self.lemma(atom))
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(atom): \(diagnostics)")
        }
    }

    func testAStateObjectBesideATrackingThroughARowIsAcceptedOverThreeRenders() throws {
        let source = Self.lemma("holdsStateObject(q) && readsProperty(q, x, b)")
            .replacingOccurrences(of: "forall p: path in after, q: path in after", with: "renders a, b, after\n  forall p: path in after, q: path in after")
        let diagnostics = try SingleLemmaFile.load(source)
        XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
    }

    /// `holdsBindingOf` beside `rowOf` is not refused: a row holding its parent's `$state`.
    func testABindingHeldByARowIsAccepted() throws {
        let diagnostics = try SingleLemmaFile.load(Self.lemma("holdsBindingOf(q, p)"))
        XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
    }
}
