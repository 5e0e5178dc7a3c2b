import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 23's state-object atoms in invalidation lemmas (`holdsStateObject`, `initialiserChanged`,
/// `keepsStateObject`; I12): made once per identity and again for a new one, proved unbounded and
/// broken by `stateObjectRemade`; false neighbours refuted by both routes with counterexamples
/// replayed on trees; misuse rejected.
final class StateObjectAtomTests: XCTestCase {
    static let oncePerIdentity = """
        lemma once {
          summary "x"; source I12; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume !revived(p, after)
          assume holdsStateObject(p) && initialiserChanged(p, after)
          show keepsStateObject(p, after) <=> rendered(p, before)
        }
        """

    /// Proved unbounded; under `stateObjectRemade` refuted by Z3 (replayed: the trees hold the
    /// initialiser's new object) and by the checker.
    func testMadeOncePerIdentityIsProvedAndTheMutantBreaksIt() throws {
        guard let (spec, counterexample) = try SingleLemmaFile.assertProvedAndBroken(Self.oncePerIdentity, by: .stateObjectRemade) else { return }
        XCTAssertTrue(spec.namesStateObject)
        XCTAssertTrue(counterexample.renders.contains { $0.code.contains("store: stateObject(model(2))") }, "\(counterexample.renders)")
    }

    /// Red team: under `handWritten`; a new identity keeping its object; a holder taken for POD;
    /// a new initialiser's object as no difference under `handWritten`; "kept" without the
    /// initialiser's change said (a new identity whose initialiser makes the same object holds an
    /// equal number, not a kept instance: the atom says what the trees hold); each refuted by both routes.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        let sources = [
            """
            lemma hand_written {
              summary "x"; source I12; rules runtime; invalidation handWritten; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume holdsStateObject(p) && rendered(p, before)
              show keepsStateObject(p, after)
            }
            """,
            """
            lemma new_identity_keeps {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume holdsStateObject(p) && !rendered(p, before)
              show keepsStateObject(p, after)
            }
            """,
            """
            lemma pod {
              summary "x"; source I2; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume holdsStateObject(p) && p.props == 0 && p.hasState == false
              show p.pod == true
            }
            """,
            """
            lemma no_difference_hand_written {
              summary "x"; source I12; rules runtime; invalidation handWritten; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume holdsStateObject(p) && initialiserChanged(p, after) && rendered(p, before) && parentEvaluated(p, after)
              assume p.eq == .notEquatable && p.props == 0 && p.initialSame == true && !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after)
            }
            """,
            """
            lemma closure_field {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume holdsStateObject(p) && initialiserChanged(p, after) && rendered(p, before) && parentEvaluated(p, after)
              assume p.eq == .notEquatable && sameValues(p, after) && p.initialSame == true && !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after)
            }
            """,
        ]
        for source in sources { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// Red team of the realizability premise: below a skipped parent the initialiser is the
    /// earlier render's, but under `.oncePerIdentity` the object held may be from a render before
    /// that, so "a skipped parent means the initialiser makes the held object" is refuted under
    /// `runtime` (a premise that forbade it proved it), and proved where the object is the
    /// initialiser's every render.
    func testASkippedParentMayHandDownAnInitialiserOtherThanTheHeldObject() throws {
        let source = """
            lemma handed_down {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !revived(p, after)
              assume holdsStateObject(p) && !parentEvaluated(p, after)
              show !initialiserChanged(p, after)
            }
            """
        var spec = try SingleLemmaFile.compile(source)
        guard case .refuted = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 proved that a skipped parent's initialiser makes the held object under runtime")
        }
        guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return XCTFail("the checker did not refute it under runtime")
        }
        spec.rules = .handWritten
        guard case .proved = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("under handWritten the held object is the initialiser's, handed down unchanged")
        }
    }

    /// A link whose kept object is not I12's is no tree: the replay refuses it.
    func testTheReplayRefusesAKeptObjectI12DoesNotGive() {
        let link = ViewLink(
            survives: true, parentEvaluated: true, old: [], new: [], holdsStateObject: true, initialiserChanged: true,
            keepsStateObject: false)
        guard case .notRealized = InvalidationReplay.observe(link, rules: .runtime, identityRules: .runtime) else {
            return XCTFail("the replay realized a survivor that lost its state object under runtime")
        }
        guard case .realized = InvalidationReplay.observe(link, rules: .handWritten, identityRules: .runtime) else {
            return XCTFail("under handWritten the initialiser's object is the one held")
        }
    }

    /// Misuse: arity, a render before the first transition, `holdsBindingOf` of a holder not
    /// declared below its owner (E097; declared below it the
    /// pair is accepted, BindingObjectDependenciesTests).
    func testMisuseIsDiagnosed() throws {
        let cases: [(String, DiagnosticID)] = [
            ("show holdsStateObject(p, after)", .badArguments),
            ("show keepsStateObject(p, before)", .badArguments),
            ("show initialiserChanged(p)", .badArguments),
        ].map { show, id in
            (
                """
                lemma misuse {
                  summary "x"; source I12; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !revived(p, after)
                  \(show)
                }
                """, id
            )
        } + [
            (
                """
                lemma with_binding_not_below_its_owner {
                  summary "x"; source I12; rules runtime; invalidation runtime; expect holds
                  forall p: path in after, q: path in after
                  assume !revived(p, after) && !revived(q, after)
                  assume holdsBindingOf(q, p) && holdsStateObject(p)
                  show evaluated(p, after)
                }
                """, .observableAtomShape
            ),
        ]
        for (source, id) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertEqual(diagnostics.first(where: \.isError)?.id, id, "\(source): \(diagnostics)")
        }
    }
}
