import Foundation
import IdentityModel
import Invalidation
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// The checker leaves out a tracking lemma's history (one view over several renders naming
/// `@Observable` properties, `runTracking`) once its tracking is carried, when its links falsify an
/// assumption (`LinkAssumptions.exclude(histories:)`), and observes the carried history's trees
/// without deriving the tracking again (issue 27). These tests hold both to a plain enumeration
/// written here as `runTracking` was before: every history carried, observed with its tracking
/// derived again and compared, and judged, under the lemma's rules and under mutants that break it.
final class TrackingCutTests: XCTestCase {
    /// Proved and refuted tracking lemmas over three renders (the largest, over 19,000 histories,
    /// is left to the run: its plain enumeration is slow in a debug build).
    private static let names = [
        "inval_observable_fired_tracking_holds_only_the_last_reads", "false_observable_unread_in_the_last_evaluation_is_no_dependency",
        "rt_observable_reads_of_a_body_that_did_not_run_are_not_tracked", "false_rt_observable_fired_tracking_keeps_the_other_property",
    ]

    func testTheCutFindsWhatAPlainEnumerationFinds() throws {
        let shipped = LemmaSet.invalidationSpecs().filter { Self.names.contains($0.name) }
        XCTAssertEqual(Set(shipped.map(\.name)), Set(Self.names))
        // The proved ones also under the mutants of I8's tracking, where the checker must refute them.
        let variants = shipped.flatMap { spec in
            [spec] + (spec.expectation == .holds ? [InvalidationMutation.trackingReplacedEachEvaluation, .firedTrackingKept] : []).map {
                var variant = spec
                variant.rules = spec.rules.mutated($0)
                variant.name += " under \($0)"
                return variant
            }
        }
        let runs = try Concurrently.map(variants) { spec in
            (spec, InvalidationBoundedRoute(domain: ObservedDomain()).run(spec), Self.plainEnumeration(spec))
        }
        var refuted = 0
        var excluded = 0
        for (spec, route, plain) in runs {
            XCTAssertEqual(route.domain, InvalidationBoundedRoute.trackingDomain, spec.name)
            excluded += route.excluded
            switch (route.answer, plain.answer) {
            case (.holds, .holds):
                // Every history is a case, not realized, or left out by the cut.
                XCTAssertEqual(route.cases + route.unrealized + route.excluded, plain.cases + plain.unrealized, spec.name)
            case (.refuted(let found), .refuted(let expected)):
                refuted += 1
                XCTAssertEqual(found.paths, expected.paths, spec.name)
                XCTAssertEqual(found.renders.map(\.code), expected.renders.map(\.code), spec.name)
                XCTAssertLessThanOrEqual(route.cases, plain.cases, spec.name)
            default: XCTFail("\(spec.name): \(route.answer) against \(plain.answer)")
            }
        }
        XCTAssertGreaterThanOrEqual(refuted, 3, "refutations under the lemmas' rules and under the mutants")
        XCTAssertGreaterThan(excluded, 500, "the cut left out almost nothing")
    }

    /// A false lemma whose assumption reads the tracking the trees carry into render 3 (never given,
    /// always derived from render 2): a cut evaluated before the carry would leave out every history
    /// that tracks `a` there, its counterexample with them.
    func testAnAssumptionOnACarriedTrackingIsCutOnlyAfterTheCarry() throws {
        let source = """
            lemma false_carried_tracking_runs_whatever_changed {
              summary "False: a view tracking a into render 3 is evaluated at render 3 though a did not change"
              source I8; rules runtime; invalidation runtime; expect refuted
              renders r1, r2, r3
              forall p: path in r3
              assume readsProperty(p, a, r3) && !propertyChanged(a, r3)
              show evaluated(p, r3)
            }
            """
        let folder = try Repository.temporaryFolder(["case.lemma": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try XCTUnwrap(LemmaSet.invalidationSpecs(files: [folder.appendingPathComponent("case.lemma")]).first)
        XCTAssertEqual(LinkAssumptions(spec).conjuncts.count, 2)
        let route = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .refuted(let found) = route.answer, case .refuted(let expected) = Self.plainEnumeration(spec).answer else {
            return XCTFail("\(route.answer)")
        }
        XCTAssertEqual(found.paths, expected.paths)
        XCTAssertEqual(found.renders.map(\.code), expected.renders.map(\.code))
        XCTAssertGreaterThan(route.excluded, 0)
    }

    /// The cut before the carry (`LinkAssumptions.excludeBeforeCarrying`) reads only conjuncts whose
    /// value the carry cannot change: on every history of one view over three renders, a history it
    /// leaves out is one the cut after the carry leaves out. Evaluating every conjunct before the
    /// carry instead (the misuse) would leave out histories the carry makes satisfy them.
    func testTheCutBeforeTheCarryLeavesOutOnlyWhatTheCutAfterItLeavesOut() throws {
        let source = """
            lemma carried_tracking_runs {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              renders r1, r2, r3
              forall p: path in r3
              assume readsProperty(p, a, r3) && !propertyChanged(a, r2) && !bodyReads(p, a, r2)
              assume propertyChanged(a, r3)
              show evaluated(p, r3)
            }
            """
        let folder = try Repository.temporaryFolder(["case.lemma": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try XCTUnwrap(LemmaSet.invalidationSpecs(files: [folder.appendingPathComponent("case.lemma")]).first)
        let assumptions = LinkAssumptions(spec)
        XCTAssertEqual(assumptions.conjuncts.count, 4)
        XCTAssertEqual(assumptions.carryFree.count, 3, "readsProperty(p, a, r3) reads the carried tracking")
        var before = 0
        var after = 0
        var misread = 0
        for history in Self.histories(transitions: 2, properties: 1) where history[0].isRealizable(under: spec.rules) {
            let carried = ViewChainTrees.carrying(
                [history], parents: [nil], names: spec.paths, rules: spec.rules, identityRules: spec.identityRules).histories
            let cutBefore = assumptions.excludeBeforeCarrying(histories: [history])
            let cutAfter = assumptions.exclude(histories: carried)
            if cutBefore { XCTAssertTrue(cutAfter, "\(history)") }
            before += cutBefore ? 1 : 0
            after += cutAfter ? 1 : 0
            let uncarried = InvalidationEvaluator(histories: [history], observations: [])
            if assumptions.conjuncts.contains(where: { !uncarried.holds($0) }) && !cutAfter { misread += 1 }
        }
        XCTAssertGreaterThan(before, 0, "the cut before the carry left out nothing")
        XCTAssertGreaterThan(after, before, "every conjunct is carry-free: the test reads no carried tracking")
        XCTAssertGreaterThan(misread, 0, "every conjunct before the carry would leave out histories it keeps")
    }

    /// Every history of one view in `InvalidationBoundedRoute.trackingDomain`, realizable or not.
    private static func histories(transitions: Int, properties: Int) -> [[ViewLink]] {
        let subsets = (0..<(1 << properties)).map { mask in Set((0..<properties).filter { mask & (1 << $0) != 0 }) }
        let valueHistories: [[[PropertyValue]]] = [
            [], [(0...transitions).map { .plain(min($0, 1)) }], [(0...transitions).map { .plain($0) }],
        ]
        func sequences<T>(_ choices: (Int) -> [T]) -> [[T]] {
            (0..<transitions).reduce([[]]) { prefixes, transition in prefixes.flatMap { prefix in choices(transition).map { prefix + [$0] } } }
        }
        var result: [[ViewLink]] = []
        for values in valueHistories {
            // A parent that did not run hands down the same values.
            let stepChoices = { (transition: Int) -> [(Bool, Bool)] in
                values.contains { $0[transition] != $0[transition + 1] }
                    ? [(true, true), (false, true)] : [(true, false), (true, true), (false, true)]
            }
            for steps in sequences(stepChoices) {
                for initial in subsets {
                    for reads in sequences({ _ in subsets }) {
                        for changes in sequences({ _ in subsets }) {
                            result.append((0..<transitions).map { transition in
                                ViewLink(
                                    survives: steps[transition].0, parentEvaluated: steps[transition].1,
                                    old: values.map { $0[transition] }, new: values.map { $0[transition + 1] },
                                    tracked: transition == 0 ? initial : [], reads: reads[transition], propertyChanges: changes[transition])
                            })
                        }
                    }
                }
            }
        }
        return result
    }

    /// `runTracking` as it was before the cut: every history of `histories` (in the route's order)
    /// carried, then observed by `InvalidationReplay.observe`, which derives the tracking again and compares it.
    private static func plainEnumeration(_ lemma: InvalidationLemmaSpec) -> InvalidationBoundedRoute.Result {
        var cases = 0
        var unrealized = 0
        func result(_ answer: InvalidationBoundedRoute.Result.Answer) -> InvalidationBoundedRoute.Result {
            InvalidationBoundedRoute.Result(answer: answer, cases: cases, domain: InvalidationBoundedRoute.trackingDomain, unrealized: unrealized)
        }
        for history in histories(transitions: lemma.transitions, properties: lemma.observableProperties.count) {
            guard history[0].isRealizable(under: lemma.rules) else {
                unrealized += 1
                continue
            }
            let carried = ViewChainTrees.carrying(
                [history], parents: [nil], names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules).histories
            guard case .realized(let trees, let observations) = InvalidationReplay.observe(
                carried, parents: [nil], names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules)
            else {
                unrealized += 1
                continue
            }
            cases += 1
            if case .violated(let counterexample) = InvalidationReplay.check(
                lemma, histories: carried, observations: observations, origin: .checker, trees: { trees })
            {
                return result(.refuted(counterexample))
            }
        }
        return result(.holds)
    }
}
