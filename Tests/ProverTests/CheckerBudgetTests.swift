import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// The checker's budget end to end (`--checker-cases`): a hostile walk ends within it with the
/// stop's code, a proof whose cross-check was cut says so (`checkerStop`), the checker alone never
/// reads an unfinished walk as "no counterexample", and a counterexample within the budget still
/// refutes. Assertions are on codes, not sentences.
final class CheckerBudgetTests: XCTestCase {
    private static let probes = Repository.root.appendingPathComponent("Benchmarks/checker-budget")

    private func run(_ path: URL, filter: String? = nil, cases: Int, bound: Bound = VerifierOptions.shallowCheckerBound) -> RunReport {
        var options = VerifierOptions()
        options.filter = filter
        options.checkerCases = cases
        options.checkerBound = bound
        return Verifier(options: options).run(paths: [path])
    }

    private func entry(_ report: RunReport) throws -> [String: Any] {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONReport.data(report)) as? [String: Any])
        return try XCTUnwrap((document["lemmas"] as? [[String: Any]])?.first)
    }

    /// The red team's lemma (any program, three renders; its walk ran over 10 minutes) at the default
    /// depth: its walk stops at the budget, its item carries the stop's code in the JSON and the
    /// SARIF of a run that fails, and Z3's proof, which never rested on the checker, stands.
    func testTheHostileIdentityLemmaEndsWithinItsBudgetWithTheCode() throws {
        for file in ["hostile-any-program-three-renders.lemma", "hostile-any-program-four-renders.lemma"] {
            let report = run(Self.probes.appendingPathComponent(file), cases: 3_000, bound: Bound(depth: 3, branching: 2))
            let lemma = try XCTUnwrap(report.lemmas.first)
            XCTAssertEqual(lemma.checkerStop, .caseLimit(limit: 3_000), file)
            XCTAssertEqual(lemma.verdict, .proved, "\(file): \(lemma.message)")
            let stop = try XCTUnwrap(try entry(report)["checkerStop"] as? [String: Any], file)
            XCTAssertEqual(stop["code"] as? String, "checker-case-limit")
            XCTAssertEqual(stop["examined"] as? Int, 3_000)
        }
    }

    /// The largest invalidation domain (a parent and its child over three renders): a budget below
    /// its views stops it with the code; the default lets it finish, as every shipped item does.
    func testTheHostileInvalidationLemmaStopsBelowItsDomainAndFinishesWithinTheDefault() throws {
        let file = Self.probes.appendingPathComponent("hostile-parent-child-three-renders.lemma")
        let spec = try XCTUnwrap(LemmaSet.invalidationSpecs(files: [file]).first)
        let domain = ObservedDomain()
        let cut = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: 100)).run(spec)
        guard case .exhausted(let stop) = cut.answer else { return XCTFail("\(cut.answer)") }
        XCTAssertEqual(stop, .caseLimit(limit: 100))
        XCTAssertLessThanOrEqual(cut.cases, 100)
        let whole = InvalidationBoundedRoute(domain: domain, budget: VerifierOptions().walkBudget).run(spec)
        guard case .holds = whole.answer else { return XCTFail("\(whole.answer)") }
        XCTAssertGreaterThan(whole.cases, 100)
    }

    /// A tiny budget on a shipped lemma Z3 proves: still proved (the proof rests on Z3 and the
    /// obligations), with the stop in the report, so it never reads as fully cross-checked.
    func testATinyBudgetOnAShippedProofIsSaidNeverHidden() throws {
        let report = run(Repository.root.appendingPathComponent("Lemmas/rules/rules.lemma"), filter: "r9_state_survives_only_while_rendered_or_retained", cases: 10)
        let lemma = try XCTUnwrap(report.lemmas.first)
        XCTAssertEqual(lemma.verdict, .proved, lemma.message)
        XCTAssertEqual(lemma.checkerStop, .caseLimit(limit: 10))
        XCTAssertEqual(try entry(report)["reasonCode"] as? NSNull, NSNull())
        let unlimited = run(Repository.root.appendingPathComponent("Lemmas/rules/rules.lemma"), filter: "r9_state_survives_only_while_rendered_or_retained", cases: WalkBudget.standardCases)
        XCTAssertNil(try XCTUnwrap(unlimited.lemmas.first).checkerStop)
        XCTAssertNil(try entry(unlimited)["checkerStop"], "the key is absent when no walk was stopped")
    }

    /// A refuted shipped lemma whose counterexample the checker finds after a few cases: under a
    /// budget of exactly those cases it is still the checker's counterexample; one case fewer and
    /// the walk stops with the code instead of "holds".
    func testACounterexampleWithinTheBudgetStillRefutes() throws {
        let file = Repository.root.appendingPathComponent("Lemmas/claims/seed002-claims.lemma")
        let loaded = LemmaLoader().load(files: [file])
        let lemma = try XCTUnwrap(loaded.lemmas.first { $0.name == "seed002_inserting_a_view_before_shifts_identity" })
        let spec = try XCTUnwrap(LemmaCompiler.compile(lemma, rules: lemma.ruleSet))
        let bound = Verifier.checkerBound(for: spec, configured: VerifierOptions().checkerBound)
        let unlimited = BoundedRoute(workers: 2).run(spec, bound: bound)
        guard case .refuted(let found) = unlimited.answer else { return XCTFail("\(unlimited.answer)") }
        var route = BoundedRoute(workers: 2)
        route.budget = WalkBudget(cases: unlimited.cases)
        let within = route.run(spec, bound: bound)
        guard case .refuted(let again) = within.answer else { return XCTFail("\(within.answer)") }
        XCTAssertEqual(again.trees, found.trees)
        XCTAssertEqual(within.cases, unlimited.cases)
        route.budget = WalkBudget(cases: unlimited.cases - 1)
        guard case .exhausted(.caseLimit(let limit)) = route.run(spec, bound: bound).answer else { return XCTFail("not exhausted") }
        XCTAssertEqual(limit, unlimited.cases - 1)

        // Through the run: refuted under a budget of a few cases.
        let report = run(file, filter: "seed002_inserting_a_view_before_shifts_identity", cases: unlimited.cases)
        XCTAssertEqual(report.lemmas.first?.verdict, .refuted)
    }

    /// An invalidation lemma refuted early by the checker stays refuted under a small budget, and
    /// one that holds gives the exhausted answer under it, never `holds`.
    func testTheInvalidationCheckerUnderASmallBudget() throws {
        let specs = LemmaSet.invalidationSpecs(files: [Repository.root.appendingPathComponent("Lemmas/invalidation/general-invalidation.lemma")])
        let refuted = try XCTUnwrap(specs.first { $0.name == "inval_unchanged_values_never_rerun" })
        let holds = try XCTUnwrap(specs.first { $0.expectation == .holds })
        let domain = ObservedDomain()
        let route = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: 50))
        guard case .refuted = route.run(refuted).answer else { return XCTFail("\(route.run(refuted).answer)") }
        guard case .exhausted(let stop) = route.run(holds).answer else { return XCTFail("\(holds.name): \(route.run(holds).answer)") }
        XCTAssertEqual(stop.code, "checker-case-limit")
        // A backstop already past stops the walk at its first candidate, as the clock's stop.
        let late = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: .max, seconds: 0)).run(holds)
        guard case .exhausted(.timeLimit(_, let examined)) = late.answer else { return XCTFail("\(late.answer)") }
        XCTAssertEqual(examined, 0)
    }

    /// The walk over environment keys and objects across three renders (`runDependencyChains`)
    /// counts its candidates too: under a small budget a lemma that holds stops, never `holds`.
    func testTheDependencyChainWalkUnderASmallBudget() throws {
        let specs = LemmaSet.invalidationSpecs(files: [Repository.root.appendingPathComponent("Lemmas/invalidation/dependency-renders.lemma")])
        let holds = try XCTUnwrap(specs.first { $0.name == "inval_object_renders_send_runs_every_observer" })
        let domain = ObservedDomain()
        guard case .holds = InvalidationBoundedRoute(domain: domain, budget: VerifierOptions().walkBudget).run(holds).answer else {
            return XCTFail("\(holds.name) does not hold under the default budget")
        }
        let small = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: 5)).run(holds)
        guard case .exhausted(let stop) = small.answer else { return XCTFail("\(small.answer)") }
        XCTAssertEqual(stop.code, "checker-case-limit")
    }
}
