import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 23's `holdsBindingOf(q, p)` (I8 "The read flag"): "a child's binding read makes the
/// parent's body depend on the state" proved unbounded and broken by `readFlagNotShared`, its
/// false neighbours refuted by both routes with counterexamples replayed on trees, misuse rejected.
final class BindingAtomTests: XCTestCase {
    /// Over two renders, or with `ran` over three, the holder running holding the binding in the
    /// second (a binding held in a lemma's first render sets nothing it may assume: FINDINGS.md 63).
    static func parentAndChild(_ rules: String, binding: Bool = true, changed: Bool = true, ran: Bool = false) -> String {
        let held = binding ? (ran ? "holdsBindingOf(q, p, before) && evaluated(q, before) && " : "holdsBindingOf(q, p) && ") : ""
        return SingleLemmaFile.invalidationLemma(
            "child_binding", source: "I8", invalidation: rules, renders: ran ? ["earlier", "before", "after"] : nil,
            ["assume \(held)rendered(p, before)"] + (changed ? ["assume stateRead(p, after) || stateUnread(p, after)"] : [])
                + ["show evaluated(p, after)"])
    }

    /// Over three renders (the checker's binding domain is two renders, so its side is Z3's alone):
    /// proved unbounded, and under `readFlagNotShared` Z3 refutes it with a replayed counterexample.
    func testAChildsBindingIsProvedAndTheMutantBreaksIt() throws {
        let (spec, counterexample, _) = try XCTUnwrap(
            try SingleLemmaFile.assertProvedAndBrokenByZ3(Self.parentAndChild("runtime", ran: true), by: .readFlagNotShared))
        XCTAssertEqual(spec.bindingPairs.map { [$0.holder, $0.owner] }, [[1, 0]])
        XCTAssertTrue(counterexample.renders.contains { $0.code.contains("its state changed, unread") }, "\(counterexample.renders)")
    }

    /// Red team: without the binding, under `handWritten`, and without a change of the state. The
    /// first names no binding, so the checker takes the chain domain, whose parent has no state:
    /// Z3 alone refutes it there.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        for (source, checker) in [
            (Self.parentAndChild("runtime", binding: false), false), (Self.parentAndChild("handWritten"), true),
            (Self.parentAndChild("runtime", changed: false), true),
        ] {
            try SingleLemmaFile.assertRefutedByBothRoutes(source, checker: checker)
        }
    }

    /// The replay rejects a parent whose state change is unread while its child holds a binding to
    /// it, under the shared flag; under `readFlagNotShared` the trees realize it and skip the parent.
    func testTheReplayDerivesTheFlagFromTheChildsBinding() throws {
        let spec = try SingleLemmaFile.compile(Self.parentAndChild("runtime"))
        let owner = ViewLink(
            survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .changedUnread, stateLocation: 1)
        let holder = ViewLink(
            survives: true, parentEvaluated: false, old: [.projectedBinding(location: 1, value: 0)],
            new: [.projectedBinding(location: 1, value: 0)])
        XCTAssertTrue(ViewLink.holdsBinding(holder, of: owner))
        var elsewhere = holder
        elsewhere.old = [.projectedBinding(location: 2, value: 0)]
        XCTAssertFalse(ViewLink.holdsBinding(elsewhere, of: owner))
        guard case .notRealized = InvalidationReplay.observe([[owner], [holder]], of: spec) else {
            return XCTFail("the replay realized an unread change of a state a child holds a binding to")
        }
        var mutated = spec
        mutated.rules = spec.rules.mutated(.readFlagNotShared)
        guard case .realized(_, let observations) = InvalidationReplay.observe([[owner], [holder]], of: mutated) else {
            return XCTFail("the replay did not realize the links under readFlagNotShared")
        }
        XCTAssertFalse(observations[0][0].view.evaluated)
        // The trees themselves: the child's binding sets the parent's flag, so `BodyEvaluator`
        // under the shared flag runs the parent on its unread change; without the pair it does not.
        for (bindings, runs) in [([(holder: 1, owner: 0)], true), ([], false)] {
            let trees = ViewChainTrees(histories: [[owner], [holder]], parents: [nil, 0], names: ["p", "q"], bindings: bindings)
            XCTAssertEqual(trees.observe(rules: .runtime, identityRules: .runtime)[0][0].view.evaluated, runs, "\(bindings)")
        }
    }

    func testMisuseIsDiagnosed() throws {
        let cases: [(String, DiagnosticID)] = [
            (
                """
                lemma last {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  renders a, b, c
                  forall p: path in c, q: path in c
                  assume childOf(q, p)
                  show holdsBindingOf(q, p, c)
                }
                """, .badArguments
            ),
            (
                """
                lemma own {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show holdsBindingOf(p, p)
                }
                """, .observableAtomShape
            ),
            (
                """
                lemma arity {
                  summary "x"; source I8; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  show holdsBindingOf(p)
                }
                """, .badArguments
            ),
        ]
        for (source, id) in cases {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertEqual(diagnostics.first(where: \.isError)?.id, id, "\(diagnostics)")
        }
    }

    /// FINDINGS.md 32: a holder not declared below the owner was refuted with the two views in trees
    /// of their own, where no binding to the owner's state can be seen (the holder's `$state0` was
    /// another view's state). The holder must be below the owner, a child or further down.
    func testAHolderNotDeclaredBelowTheOwnerIsRefused() throws {
        let unrelated = """
            lemma unrelated {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume holdsBindingOf(q, p) && rendered(q, before)
              show rendered(p, before)
            }
            """
        let above = """
            lemma above {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume childOf(p, q)
              show !holdsBindingOf(q, p)
            }
            """
        for source in [unrelated, above] {
            let diagnostics = try SingleLemmaFile.load(source).filter(\.isError)
            XCTAssertEqual(diagnostics.map(\.id), [.observableAtomShape], "\(diagnostics)")
            XCTAssertTrue(diagnostics.first?.message.contains("below") == true, "\(diagnostics)")
        }
        let grandchild = """
            lemma grandchild {
              summary "x"; source I8; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after, r: path in after
              assume childOf(q, p)
              assume childOf(r, q)
              show !holdsBindingOf(r, p)
            }
            """
        XCTAssertEqual(try SingleLemmaFile.load(grandchild).filter(\.isError), [])
    }
}
