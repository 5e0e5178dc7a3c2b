import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 23's `@Observable` atoms in invalidation lemmas (`readsProperty`, `propertyChanged`):
/// the true lemmas proved unbounded and broken by the mutant of the rule, the false neighbours
/// refuted by both routes with counterexamples replayed on trees, and misuse rejected (E097).
final class ObservableAtomTests: XCTestCase {
    static let onlyAChangeOfB = """
        lemma only_b_changed {
          summary "x"; source I8; rules runtime; invalidation RULES; expect holds
          forall p: path in after
          assume !revived(p, after)
          assume readsProperty(p, a) && !readsProperty(p, b)
          assume propertyChanged(b, after) && !propertyChanged(a, after)
          assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
          show !evaluated(p, after)
        }
        """

    /// "A body that read only a does not run again when only b changes": proved unbounded under
    /// `runtime`; refuted by Z3 (replayed) and by the checker under `observationPerObject`.
    func testReadingOnlyAIsProvedAndTheMutantBreaksIt() throws {
        let source = Self.onlyAChangeOfB.replacingOccurrences(of: "RULES", with: "runtime")
        guard let (spec, counterexample) = try SingleLemmaFile.assertProvedAndBroken(source, by: .observationPerObject) else { return }
        XCTAssertEqual(spec.observableProperties, ["a", "b"])
        XCTAssertTrue(counterexample.paths.joined().contains("tracks observable(1).o0"), "\(counterexample.paths)")
    }

    /// Red team: the lemma without `!readsProperty(p, b)` (the body may track b too), without a
    /// skipped parent (a write reaches the view whatever its parent did, and a parent that ran
    /// compares it), and under `handWritten` (no derivation): each refuted by both routes.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        let sources = [
            Self.onlyAChangeOfB.replacingOccurrences(of: "RULES", with: "runtime")
                .replacingOccurrences(of: " && !readsProperty(p, b)", with: ""),
            Self.onlyAChangeOfB.replacingOccurrences(of: "RULES", with: "runtime")
                .replacingOccurrences(of: "!parentEvaluated(p, after) && ", with: ""),
            """
            lemma read_change_runs {
              summary "x"; source I8; rules runtime; invalidation handWritten; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume rendered(p, before) && readsProperty(p, a) && propertyChanged(a, after)
              show evaluated(p, after)
            }
            """,
            """
            lemma skipped_parent_stops_an_observable_change {
              summary "x"; source I8, I9; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume !parentEvaluated(p, after) && readsProperty(p, a) && propertyChanged(a, after)
              show !evaluated(p, after)
            }
            """,
        ]
        for source in sources { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// Changes are one object's: two views see the same ones, so a change of b runs the reader of
    /// b and not the reader of a alone (Z3, and the checker over `pairBases`).
    func testReadsArePerBodyOverTwoViews() throws {
        let source = """
            lemma per_body {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume !revived(p, after) && !revived(q, after)
              assume readsProperty(p, a) && !readsProperty(p, b) && readsProperty(q, b) && rendered(q, before)
              assume propertyChanged(b, after) && !propertyChanged(a, after)
              assume !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after) && evaluated(q, after)
            }
            """
        let spec = try SingleLemmaFile.compile(source)
        guard case .proved = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not prove the two-view lemma")
        }
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = checked.answer else { return XCTFail("the checker: \(checked.answer)") }
        XCTAssertGreaterThan(checked.cases, 0)
        // Views that saw different changes are no render pair of one object.
        let link = ViewLink(survives: true, parentEvaluated: false, old: [], new: [], tracked: [0], propertyChanges: [1])
        var other = link
        other.propertyChanges = []
        guard case .notRealized = InvalidationReplay.run(spec, histories: [[link], [other]], origin: .checker) else {
            return XCTFail("the replay accepted views that saw different changes")
        }
    }

    /// A new view has tracked nothing; the replay rejects a link that says otherwise.
    func testANewViewTracksNothing() {
        let link = ViewLink(survives: false, parentEvaluated: true, old: [], new: [], tracked: [0], propertyChanges: [0])
        XCTAssertFalse(link.isRealizable(under: .runtime))
        guard case .notRealized = InvalidationReplay.observe(link, rules: .runtime, identityRules: .runtime) else {
            return XCTFail("the replay realized a new view with a tracking")
        }
    }

    /// Misuse: over three renders, a path or a render's name as a property (it was
    /// taken for a property named `before`), a render other than the last.
    func testMisuseIsDiagnosed() throws {
        let cases: [(String, DiagnosticID, Int, Int)] = [
            (
                """
                lemma three {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c
                  show readsProperty(p, x)
                }
                """, .observableAtomShape, 5, 8
            ),
            (
                """
                lemma shadow {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  show readsProperty(p, q)
                }
                """, .observableAtomShape, 4, 25
            ),
            (
                """
                lemma first_render {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show propertyChanged(x, before)
                }
                """, .badArguments, 4, 27
            ),
            (
                """
                lemma render_as_property {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show readsProperty(p, before)
                }
                """, .observableAtomShape, 4, 25
            ),
            (
                """
                lemma render_as_changed_property {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show propertyChanged(after, after)
                }
                """, .observableAtomShape, 4, 24
            ),
        ]
        for (source, id, line, column) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            let first = try XCTUnwrap(diagnostics.first(where: \.isError), source)
            XCTAssertEqual(first.id, id, "\(diagnostics)")
            XCTAssertEqual(first.location.line, line, "\(first)")
            XCTAssertEqual(first.location.column, column, "\(first)")
        }
    }
}
