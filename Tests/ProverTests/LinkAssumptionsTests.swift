import Foundation
import IdentityModel
import Invalidation
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// The checker leaves out a dependency lemma's candidate view before building its trees when its
/// link falsifies an assumption (`LinkAssumptions`, issue 27). These tests hold that cut to a plain
/// enumeration written here as `runDependencies` was before it: every candidate built as trees,
/// under the lemma's rules and under rules that break it, so the answer, the counterexample and the
/// candidates accounted for are the same.
final class LinkAssumptionsTests: XCTestCase {
    /// Proved and refuted lemmas over one view (the cut) and two (no cut), whose plain enumeration
    /// is short in a debug build.
    private static let names = [
        "inval_state_object_made_once_per_identity", "inval_observable_read_property_change_runs",
        "inval_object_send_runs_every_observer", "false_object_two_views_one_send_runs_only_one",
        "false_observable_unread_change_skips_whatever_the_parent_did", "false_object_send_skips_when_the_view_may_observe_it",
        "false_state_object_kept_under_hand_written_rules",
    ]

    func testTheCutFindsWhatAPlainEnumerationFinds() throws {
        let shipped = LemmaSet.invalidationSpecs().filter { Self.names.contains($0.name) }
        XCTAssertEqual(Set(shipped.map(\.name)), Set(Self.names))
        // Each lemma under its rules, and its proved ones under rules where a send, a state object
        // or an observation means something else, where the checker must still refute them.
        let variants = shipped.flatMap { spec in
            [spec] + (spec.expectation == .holds ? [InvalidationRules.handWritten, .runtime.mutated(.stateObjectRemade)] : []).map { rules in
                var variant = spec
                variant.rules = rules
                variant.name += " under \(rules.name)"
                return variant
            }
        }
        let runs = try Concurrently.map(variants) { spec in
            (spec, InvalidationBoundedRoute(domain: ObservedDomain()).run(spec), Self.plainEnumeration(spec))
        }
        var refuted = 0
        var excluded = 0
        for (spec, route, plain) in runs {
            excluded += route.excluded
            switch (route.answer, plain.answer) {
            case (.holds, .holds):
                // Every candidate is a case, not realized, or left out by the cut.
                XCTAssertEqual(route.cases + route.unrealized + route.excluded, plain.cases + plain.unrealized, spec.name)
            case (.refuted(let found), .refuted(let expected)):
                refuted += 1
                XCTAssertEqual(found.paths, expected.paths, spec.name)
                XCTAssertEqual(found.renders.map(\.code), expected.renders.map(\.code), spec.name)
                XCTAssertLessThanOrEqual(route.cases, plain.cases, spec.name)
            default: XCTFail("\(spec.name): \(route.answer) against \(plain.answer)")
            }
            if spec.paths.count == 2 { XCTAssertEqual(route.excluded, 0, spec.name) }
        }
        XCTAssertGreaterThanOrEqual(refuted, 7, "refutations under the lemmas' rules and under the other rules")
        XCTAssertGreaterThan(excluded, 5_000, "the cut left out almost nothing")
    }

    /// A conjunct that reads what the trees did, even under a negation or inside a disjunction, is
    /// never evaluated on links alone; the others are.
    /// A witness search gives the checker its assumptions implying false (`Verifier.witnessSpecs`), so
    /// the cut applies; it finds the witness the negated assumptions, which nothing cuts, find: over
    /// one view, over three renders of one view, and of a parent and its child. Without the cut's
    /// form (the misuse: the checker given Z3's form) nothing would be left out.
    func testAWitnessSearchIsCutAndFindsThePlainWitness() throws {
        let sources = [
            ParentTrackingTests.rerunChildKeepsItsTracking,
            """
            lemma rerun_keeps {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              renders r1, r2, r3
              forall p: path in r3
              assume readsProperty(p, a, r3) && !propertyChanged(a, r2) && !bodyReads(p, a, r2)
              assume propertyChanged(a, r3) && rendered(p, r2)
              show evaluated(p, r3)
            }
            """,
            """
            lemma read_runs {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume readsProperty(p, a) && propertyChanged(a, after) && rendered(p, before)
              show evaluated(p, after)
            }
            """,
        ]
        for source in sources {
            let spec = try SingleLemmaFile.compile(source)
            let specs = Verifier.witnessSpecs(of: spec)
            XCTAssertEqual(specs.solver.assumptions, [])
            XCTAssertTrue(LinkAssumptions(specs.solver).conjuncts.isEmpty, "Z3's form has nothing to cut")
            let cut = InvalidationBoundedRoute(domain: ObservedDomain()).run(specs.checker)
            let plain = InvalidationBoundedRoute(domain: ObservedDomain()).run(specs.solver)
            guard case .refuted(let found) = cut.answer, case .refuted(let expected) = plain.answer else {
                return XCTFail("\(spec.name): \(cut.answer) against \(plain.answer)")
            }
            XCTAssertEqual(found.paths, expected.paths, spec.name)
            XCTAssertEqual(found.renders.map(\.code), expected.renders.map(\.code), spec.name)
            XCTAssertEqual(found.histories?.links, expected.histories?.links, spec.name)
            XCTAssertGreaterThan(cut.excluded, 0, spec.name)
            XCTAssertEqual(plain.excluded, 0, spec.name)
            XCTAssertLessThanOrEqual(cut.cases, plain.cases, spec.name)
        }
    }

    func testOnlyConjunctsOfLinksAloneAreCut() {
        let observes = InvalidationFormula.observesObject(0, object: 0)
        XCTAssertTrue(LinkAssumptions.readsLinksOnly(.and([observes, .not(.objectSent(object: 0))])))
        for formula: InvalidationFormula in [
            .not(.and([observes, .evaluated(0)])), .or([observes, .survives(0)]), .implies(.parentEvaluated(0), observes),
            .exists(variable: 0, path: 0, .not(.evaluated(0))),
        ] {
            XCTAssertFalse(LinkAssumptions.readsLinksOnly(formula), "\(formula)")
        }
    }

    /// A false lemma whose only assumption mixes a link's atom with what its trees did, under a
    /// negation: the cut must keep it whole, and the checker still refutes the lemma.
    func testAnAssumptionReadingTheTreesIsNotCut() throws {
        let source = """
            lemma false_mixed_assumption {
              summary "False: a view observing m that was not both evaluated and sent to is skipped"
              source I11; rules runtime; invalidation runtime; expect refuted
              forall p: path in after
              assume observesObject(p, m)
              assume !(evaluated(p, after) && objectSent(m, after))
              show !evaluated(p, after)
            }
            """
        let folder = try Repository.temporaryFolder(["case.lemma": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try XCTUnwrap(LemmaSet.invalidationSpecs(files: [folder.appendingPathComponent("case.lemma")]).first)
        XCTAssertEqual(LinkAssumptions(spec).conjuncts.count, 1)
        let route = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .refuted(let found) = route.answer, case .refuted(let expected) = Self.plainEnumeration(spec).answer else {
            return XCTFail("\(route.answer)")
        }
        XCTAssertEqual(found.paths, expected.paths)
        XCTAssertGreaterThan(route.excluded, 0)
    }

    /// `runDependencies` as it was before the cut: every candidate built as trees for the lemma.
    private static func plainEnumeration(_ lemma: InvalidationLemmaSpec) -> InvalidationBoundedRoute.Result {
        let shape = DependencyShape(lemma)
        let shared = shape.sharedAssignments
        let perView = shape.perView
        var cases = 0
        var unrealized = 0
        typealias Observed = (link: ViewLink, trees: ViewLinkTrees, observation: ViewLinkObservation)
        func observe(_ link: ViewLink) -> Observed? {
            guard link.isWellFormed, link.isRealizable(under: lemma.rules),
                case .realized(let trees, let observation) = InvalidationReplay.observe(
                    link, rules: lemma.rules, identityRules: lemma.identityRules)
            else {
                unrealized += 1
                return nil
            }
            return (link, trees, observation)
        }
        func counterexample(_ views: [Observed]) -> Counterexample? {
            cases += 1
            guard case .violated(let counterexample) = InvalidationReplay.check(
                lemma, links: views.map(\.link), trees: views.map(\.trees), observations: views.map(\.observation), origin: .checker)
            else { return nil }
            return counterexample
        }
        func result(_ answer: InvalidationBoundedRoute.Result.Answer) -> InvalidationBoundedRoute.Result {
            InvalidationBoundedRoute.Result(answer: answer, cases: cases, unrealized: unrealized)
        }
        if shape.views == 1 {
            for candidate in perView {
                for share in shared {
                    guard let view = observe(share(candidate)) else { continue }
                    if let found = counterexample([view]) { return result(.refuted(found)) }
                }
            }
        } else {
            for share in shared {
                let observed = perView.compactMap { observe(share($0)) }
                for first in observed {
                    for second in observed {
                        if let found = counterexample([first, second]) { return result(.refuted(found)) }
                    }
                }
            }
        }
        return result(.holds)
    }
}
