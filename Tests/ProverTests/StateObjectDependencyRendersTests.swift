import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// State-object atoms over three renders beside environment keys, objects and `@Observable`
/// tracking (issue 21; state-object-dependency-renders.lemma), formerly E097. Z3 carries each view's
/// state object beside the other dependencies, the chain trees hold them all at once, and the
/// checker does not enumerate the pair: its verdict is inapplicable, never holds, so every proof is
/// Z3's and every counterexample is replayed on trees.
final class StateObjectDependencyRendersTests: XCTestCase {
    private static let file = Repository.root.appendingPathComponent("Lemmas/invalidation/state-object-dependency-renders.lemma")

    /// The text of the lemma `name` in state-object-dependency-renders.lemma, alone.
    private static func source(_ name: String) throws -> String { try LemmaSource.text(of: name, in: file) }

    /// Every lemma of the file is accepted, names a state object beside another dependency atom
    /// over three renders, and is left to Z3 by the checker (inapplicable, not holds).
    func testFormerlyRefusedLemmasAreAcceptedAndLeftToZ3() throws {
        let specs = LemmaSet.invalidationSpecs(files: [Self.file])
        XCTAssertEqual(specs.count, 7)
        for spec in specs {
            XCTAssertTrue(spec.namesStateObject, spec.name)
            XCTAssertTrue(!spec.observableProperties.isEmpty || !spec.environmentKeys.isEmpty || !spec.objects.isEmpty, spec.name)
            XCTAssertEqual(spec.transitions, 2, spec.name)
            guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
                return XCTFail("the checker claims to enumerate \(spec.name)")
            }
        }
    }

    /// Each true lemma is proved unbounded and broken by the mutant of the rule it rests on: I12's
    /// object made once per identity, and I8's own change (a send, a key's change, a tracked change).
    func testTheTrueLemmasAreProvedAndEachBrokenByAMutant() throws {
        let cases: [(String, [InvalidationMutation])] = [
            ("inval_state_object_kept_while_sends_run_the_observer", [.stateObjectRemade, .ownChangeIgnored]),
            ("inval_state_object_child_keeps_its_object_while_its_key_runs_it", [.stateObjectRemade, .ownChangeIgnored]),
            ("inval_state_object_skipped_view_keeps_its_object_and_its_tracking", [.stateObjectRemade, .ownChangeIgnored]),
        ]
        for (name, mutants) in cases {
            for mutant in mutants {
                _ = try SingleLemmaFile.assertProvedAndBrokenByZ3(try Self.source(name), by: mutant)
            }
        }
    }

    /// The red team's lemmas, what Z3 would prove if a view's state object were taken for an object
    /// it observes, a key's change kept the object across a new identity, or a kept object kept the
    /// tracking: refuted, each counterexample replayed on trees over three renders that hold the
    /// view's state object beside the other dependency.
    func testTheRedTeamsLemmasAreRefutedOnTreesOverThreeRenders() throws {
        let names = [
            "false_state_object_holder_runs_for_a_send_it_does_not_observe",
            "false_state_object_kept_when_its_key_changes_with_a_new_identity", "false_state_object_kept_keeps_the_tracking",
            "false_state_object_kept_while_sends_run_the_observer_under_hand_written_rules",
        ]
        for name in names {
            let spec = try SingleLemmaFile.compile(try Self.source(name))
            guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
                XCTFail("Z3 did not refute \(name)")
                continue
            }
            XCTAssertEqual(counterexample.renders.count, 3, "\(name): \(counterexample.renders)")
            XCTAssertTrue(counterexample.renders.contains { $0.code.contains("stateObject(model(") }, "\(name): \(counterexample.renders)")
        }
    }

    /// More of the red team's combinations, each false: two unrelated views (the send of the other's
    /// object), a row with a new key beside a tracking, a child's kept object taken for a skip beside a
    /// key's change, a remade object taken for an empty tracking beside a send. Z3 refutes each
    /// (replayed); none is proved.
    func testTheRedTeamsOtherCombinationsAreRefuted() throws {
        let sources = [
            """
            lemma probe_two_views_other_object_runs {
              summary "False: a send of m runs q, which holds a state object and does not observe m, because p observes it"
              source "issue 21", I11, I12; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c, q: path in c
              assume holdsStateObject(q) && observesObject(p, m) && !observesObject(q, m) && !findsObject(q, m) && objectSent(m, c)
              assume rendered(q, b) && !revived(q, c)
              show evaluated(q, c)
            }
            """,
            """
            lemma probe_row_state_object_kept_across_new_key_beside_tracking {
              summary "False: a row with a new key keeps its state object because it tracked a"
              source "issue 21", I8, I12; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c, q: path in c
              assume rowOf(q, p)
              assume holdsStateObject(q) && readsProperty(q, x, b) && !keyKept(q, c) && initialiserChanged(q, c)
              show keepsStateObject(q, c)
            }
            """,
            """
            lemma probe_child_kept_object_means_skipped {
              summary "False: a child that keeps its state object at c beside a key change is skipped"
              source "issue 21", I10, I12; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c, q: path in c
              assume childOf(q, p)
              assume holdsStateObject(q) && declaresKey(q, k) && keepsStateObject(q, c) && environmentChanged(q, k, c)
              show !evaluated(q, c)
            }
            """,
            """
            lemma probe_remade_object_runs_beside_send {
              summary "False: an object remade at b beside a send at c means the view tracked nothing at c, so it is skipped at c"
              source "issue 21", I11, I12; rules runtime; invalidation runtime; expect refuted
              renders a, b, c
              forall p: path in c
              assume holdsStateObject(p) && !keepsStateObject(p, b) && observesObject(p, m) && objectSent(m, c)
              show !evaluated(p, c)
            }
            """,
        ]
        for source in sources {
            try SingleLemmaFile.assertRefutedByBothRoutes(source, checker: false)
        }
    }
}
