import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import XCTest

@testable import Prover

/// `@StateObject`s through a parent over three renders (issue 21; state-object-parent-renders.lemma):
/// the child's object survives exactly as long as its identity, proved unbounded and broken by
/// `stateObjectRemade` on both routes (the checker's `runParentStateObjectChains`); the red team's
/// false lemmas, each one a naive encoding would prove, refuted by both; the replay refusing a
/// child that keeps its object across a new identity or that outlives its parent's identity; and
/// E097 kept beside the other dependency atoms.
final class StateObjectParentRendersTests: XCTestCase {
    static func keptWhileTheParentRuns(_ rules: String) -> String {
        SingleLemmaFile.invalidationLemma(
            "kept_while_the_parent_runs", source: "I12", invalidation: rules, renders: ["a", "b", "c"], [
                "assume holdsStateObject(q) && rendered(q, a) && rendered(q, b) && evaluated(p, b) && evaluated(p, c)",
                "show keepsStateObject(q, b) && keepsStateObject(q, c)",
            ])
    }

    private static let endsWithTheParentsIdentity = SingleLemmaFile.invalidationLemma(
        "ends_with_the_parents_identity", source: "I12", renders: ["a", "b", "c"], [
            "assume holdsStateObject(q) && rendered(q, a) && !rendered(p, b) && initialiserChanged(q, c)",
            "show keepsStateObject(q, b) && !keepsStateObject(q, c)",
        ])

    /// Under `stateObjectRemade` the child's object follows the initialiser its running parent
    /// makes: the counterexample's child survives a transition where its parent ran and its
    /// initialiser changed, and loses its object there.
    func testTheChildKeepsItsObjectWhileItsParentRunsAndStateObjectRemadeBreaksIt() throws {
        let (spec, counterexample) = try XCTUnwrap(
            try SingleLemmaFile.assertProvedAndBroken(Self.keptWhileTheParentRuns("runtime"), by: .stateObjectRemade))
        let links = try XCTUnwrap(counterexample.histories?.links)
        let child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        XCTAssertEqual(links[child].count, 2)
        XCTAssertTrue(
            links[child].contains { $0.survives && $0.parentEvaluated && $0.initialiserChanged && !$0.keepsStateObject },
            "\(links[child])")
    }

    /// The child's identity ends with its parent's (R1), and its changed initialiser then makes its
    /// object again; `stateObjectRemade` loses it at render b already.
    func testTheChildLosesItsObjectWithItsParentsIdentity() throws {
        let (spec, counterexample) = try XCTUnwrap(
            try SingleLemmaFile.assertProvedAndBroken(Self.endsWithTheParentsIdentity, by: .stateObjectRemade))
        let links = try XCTUnwrap(counterexample.histories?.links)
        let child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        XCTAssertFalse(links[child][0].keepsStateObject, "\(links[child])")
    }

    /// The checker enumerates the pair over three renders: the true lemma holds on every candidate
    /// a tree gives, some are refused (a kept object I12 does not give), and none is Z3's alone.
    func testTheCheckerEnumeratesAParentAndItsChild() throws {
        let spec = try SingleLemmaFile.compile(Self.keptWhileTheParentRuns("runtime"))
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = checked.answer else { return XCTFail("\(checked.answer)") }
        XCTAssertEqual(checked.domain, InvalidationBoundedRoute.parentStateObjectChainDomain)
        XCTAssertGreaterThan(checked.cases, 100)
        XCTAssertGreaterThan(checked.unrealized, 0, "the checker met no candidate the trees refuse")
    }

    /// The red team's false lemmas: each is what an encoding would prove that kept the child's
    /// object across its new identity, tied it to the parent's object or initialiser, took a
    /// handed-down initialiser for an unchanged one, or made an object again at every render
    /// after the first remake; and the true lemma under `handWritten`. Refuted by both routes.
    func testTheRedTeamsFalseLemmasAreRefutedByBothRoutes() throws {
        let lemmas = [
            // kept across the child's new identity where the parent ran
            ["assume holdsStateObject(q) && rendered(q, a) && evaluated(p, c) && !rendered(q, b)", "show keepsStateObject(q, c)"],
            // the parent's object remade remakes the child's
            ["assume holdsStateObject(p) && holdsStateObject(q) && rendered(p, a) && !keepsStateObject(p, c)", "show !keepsStateObject(q, c)"],
            // the parent's initialiser change is the child's
            ["assume holdsStateObject(p) && holdsStateObject(q) && rendered(q, a) && initialiserChanged(p, c)", "show initialiserChanged(q, c)"],
            // a skipped parent's handed-down initialiser taken for unchanged
            ["assume holdsStateObject(q) && rendered(q, a) && initialiserChanged(q, b) && !evaluated(p, c)", "show !initialiserChanged(q, c)"],
            // an object made again is made again at the next render
            ["assume holdsStateObject(q) && !keepsStateObject(q, b)", "show !keepsStateObject(q, c)"],
        ].map { SingleLemmaFile.invalidationLemma("red_team", source: "I12", expect: "refuted", renders: ["a", "b", "c"], $0) }
            + [Self.keptWhileTheParentRuns("handWritten")]
        for source in lemmas { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    private static func observe(parent: [ViewLink], child: [ViewLink]) -> InvalidationReplay.ChainObservation {
        InvalidationReplay.observe([parent, child], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
    }

    /// A link holding a state object; with `render`, a plain value changed from `render` to
    /// `render + 1`, so that its body runs and its child's parent evaluation is true.
    private static func link(render: Int? = nil, survives: Bool = true, changed: Bool = false, kept: Bool = true) -> ViewLink {
        ViewLink(
            survives: survives, parentEvaluated: true, old: render.map { [.plain($0)] } ?? [], new: render.map { [.plain($0 + 1)] } ?? [],
            holdsStateObject: true, initialiserChanged: changed, keepsStateObject: kept)
    }

    /// The replay on hand-made histories: a child that keeps its object below a running parent while
    /// its initialiser changes is realized, the trees holding the two views' objects apart at every
    /// render (each `@StateObject` makes its own); the same child keeping its object across a new
    /// identity, or surviving its parent's new identity, is refused.
    func testTheReplayRefusesAChildKeepingItsObjectAcrossANewIdentity() throws {
        let parent = [Self.link(render: 0), Self.link(render: 1)]
        let kept = [Self.link(), Self.link(changed: true)]
        guard case .realized(let trees, _) = Self.observe(parent: parent, child: kept) else {
            return XCTFail("a child keeping its object below a running parent was refused")
        }
        guard case .notRealized = Self.observe(parent: parent, child: [Self.link(), Self.link(survives: false, changed: true, kept: true)]) else {
            return XCTFail("a child kept its object across a new identity")
        }
        let newParent = [Self.link(render: 0), Self.link(render: 1, survives: false, changed: true, kept: false)]
        guard case .notRealized = Self.observe(parent: newParent, child: kept) else {
            return XCTFail("a child survived its parent's new identity")
        }
        for render in trees.renders[0] {
            let parentView = try XCTUnwrap(render.children.first)
            let childView = try XCTUnwrap(parentView.children.first)
            XCTAssertNotEqual(parentView.value.property("store"), childView.value.property("store"), "\(render)")
        }
    }

    /// Accepted with `childOf` over three renders, beside a tracking atom too (formerly E097).
    func testAcceptedBesideATrackingAtom() throws {
        let diagnostics = try SingleLemmaFile.load(Self.keptWhileTheParentRuns("runtime"))
        XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        let besideTracking = try SingleLemmaFile.load(SingleLemmaFile.invalidationLemma(
            "beside_tracking", source: "I12", renders: ["a", "b", "c"], ["assume readsProperty(q, x, b)", "show keepsStateObject(q, c)"]))
        XCTAssertFalse(besideTracking.contains(where: \.isError), "\(besideTracking)")
    }
}
