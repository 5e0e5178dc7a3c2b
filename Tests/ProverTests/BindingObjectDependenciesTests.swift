import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// A binding handed down and an object observed in one tree (issue 21;
/// binding-object-dependencies.lemma): `holdsBindingOf` beside `observesObject`, `findsObject`,
/// `objectSent` or a state-object atom, formerly E097. Z3's encoding, the chain trees of the replay
/// and the checker's binding walk (`runBindings`, with every assignment of the objects) carry both.
final class BindingObjectDependenciesTests: XCTestCase {
    private static let file = Repository.root.appendingPathComponent("Lemmas/invalidation/binding-object-dependencies.lemma")

    /// The text of the lemma `name` in binding-object-dependencies.lemma, alone.
    private static func source(_ name: String) throws -> String { try LemmaSource.text(of: name, in: file) }

    /// Every lemma of the file is accepted and names a binding and an object or a state object;
    /// a binding to the state of a view the holder is not below is still E097.
    func testFormerlyRefusedLemmasAreAccepted() throws {
        let specs = LemmaSet.invalidationSpecs(files: [Self.file])
        XCTAssertEqual(specs.count, 7)
        for spec in specs {
            XCTAssertFalse(spec.bindingPairs.isEmpty, spec.name)
            XCTAssertTrue(!spec.objects.isEmpty || spec.namesStateObject, "\(spec.name) names no object")
        }
        let refused = try SingleLemmaFile.load("""
            lemma binding_of_a_sibling_beside_an_object {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume holdsBindingOf(q, p) && observesObject(q, m) && objectSent(m, after)
              show evaluated(q, after)
            }
            """)
        XCTAssertEqual(refused.filter(\.isError).map(\.id), [.observableAtomShape], "\(refused)")
    }

    /// Each true lemma is proved unbounded and broken by the mutant of the rule it rests on: a
    /// send runs its observer (I8's own change), which then sets the flag its binding holds (the
    /// shared flag); a state object is made once per identity. Over three renders the binding's
    /// flag is Z3's alone on the checker's side.
    func testTheTrueLemmasAreProvedAndEachBrokenByAMutant() throws {
        let flagged = try Self.source("inval_binding_holder_run_by_a_send_makes_the_owner_depend_on_the_state")
        _ = try SingleLemmaFile.assertProvedAndBrokenByZ3(flagged, by: .ownChangeIgnored)
        _ = try SingleLemmaFile.assertProvedAndBrokenByZ3(flagged, by: .readFlagNotShared)
        guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(try SingleLemmaFile.compile(flagged)).answer else {
            return XCTFail("the checker claims to enumerate the binding's flag over three renders")
        }
        _ = try SingleLemmaFile.assertProvedAndBroken(
            try Self.source("inval_binding_holder_run_by_a_send_leaves_its_owner_skipped"), by: .ownChangeIgnored)
        _ = try SingleLemmaFile.assertProvedAndBroken(try Self.source("inval_binding_holder_keeps_its_state_object"), by: .stateObjectRemade)
    }

    /// The red team's lemmas, what the routes would prove if a send of the owner's object ran the
    /// binding's holder (or set the flag through it), or a holder kept its state object across a
    /// new identity: refuted, each counterexample replayed on trees that hold the binding (`$state`
    /// in the owner's body, handed down) and the lemma's object. The checker's binding walk refutes
    /// the two-render ones, which it reaches only by assigning the objects.
    func testTheRedTeamsLemmasAreRefutedOnTreesHoldingBothTheBindingAndTheObject() throws {
        let send = try Self.source("false_send_of_the_owners_object_runs_the_binding_holder")
        try SingleLemmaFile.assertRefutedByBothRoutes(send)
        try SingleLemmaFile.assertRefutedByBothRoutes(
            try Self.source("false_binding_holder_keeps_its_state_object_across_its_owners_new_identity"))
        for name in ["false_send_of_the_owners_object_sets_the_flag_through_the_binding", "false_binding_holder_run_by_a_send_under_hand_written_rules"] {
            try SingleLemmaFile.assertRefutedByBothRoutes(try Self.source(name), checker: false)
        }
        let spec = try SingleLemmaFile.compile(send)
        guard case .refuted(let solver) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer,
            case .refuted(let checker) = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer
        else { return XCTFail("not refuted by both routes") }
        for counterexample in [solver, checker] {
            let after = try XCTUnwrap(counterexample.renders.last?.code)
            XCTAssertTrue(after.contains("$state"), after)
            XCTAssertTrue(after.contains("model"), after)
            XCTAssertTrue(counterexample.verdicts.contains { $0.variable == "p" && $0.evaluated }, "\(counterexample.verdicts)")
            XCTAssertTrue(counterexample.verdicts.contains { $0.variable == "q" && !$0.evaluated }, "\(counterexample.verdicts)")
        }
    }

    /// The checker's binding walk assigns the objects: with none assigned, the lemma naming the
    /// owner's object would hold vacuously there. Its verdict says what it enumerated, and a lemma
    /// naming more objects than it assigns is not taken.
    func testTheCheckersBindingWalkAssignsTheObjects() throws {
        let spec = try SingleLemmaFile.compile(try Self.source("inval_binding_holder_run_by_a_send_leaves_its_owner_skipped"))
        let result = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = result.answer else { return XCTFail("\(result.answer)") }
        XCTAssertGreaterThan(result.cases, 0)
        XCTAssertGreaterThan(result.excluded, 0)
        XCTAssertTrue(result.domain.contains("objects"), result.domain)
        let many = try SingleLemmaFile.compile("""
            lemma binding_beside_three_objects {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume holdsBindingOf(q, p) && observesObject(q, m) && observesObject(q, n) && findsObject(p, o)
              show true
            }
            """)
        guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(many).answer else {
            return XCTFail("the checker claims to enumerate three objects beside a binding")
        }
    }
}
