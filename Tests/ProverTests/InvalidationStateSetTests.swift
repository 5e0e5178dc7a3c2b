import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Issue 21's `mutate p after r` in invalidation lemmas: the state change at the next render follows
/// from the set on both routes and in the replay (`StateSet.change`), so "a set of another value that
/// the body read runs it" and "a set of the value held runs nothing" are proved and broken by their
/// mutants, and the lemmas a looser encoding would prove (a set on a view whose identity is lost, a
/// set of the value held counted as a change) are refuted with replayed counterexamples.
final class InvalidationStateSetTests: XCTestCase {
    static func lemma(_ assumption: String, show conclusion: String, rules: String = "runtime") -> String {
        """
        lemma state_set {
          summary "x"; source I8; rules runtime; invalidation \(rules); expect holds
          forall p: path in after
          assume !revived(p, after)
          mutate p after before
          assume \(assumption)
          show \(conclusion)
        }
        """
    }

    static let anotherValueReadRuns = lemma("rendered(p, before) && p.set != p.state && !stateUnread(p, after)", show: "evaluated(p, after)")
    static let heldValueRunsNothing = lemma(
        "p.set == p.state && !parentEvaluated(p, after) && !signalled(p, after)", show: "!evaluated(p, after)")

    private func solver(_ spec: InvalidationLemmaSpec) -> SolverAnswer {
        InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer
    }

    private func checker(_ spec: InvalidationLemmaSpec) -> BoundedResult.Answer {
        InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer
    }

    func testTheTrueLemmasAreProvedUnboundedAndTheirMutantsBreakThem() throws {
        for (source, mutation) in [
            (Self.anotherValueReadRuns, InvalidationMutation.ownChangeIgnored), (Self.heldValueRunsNothing, .equalSetCommits),
        ] {
            let report = try SingleLemmaFile.run(source)
            guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
            var spec = try SingleLemmaFile.compile(source)
            XCTAssertEqual(spec.mutated, [0: 0])
            guard case .holds = checker(spec) else { return XCTFail("the checker refuted \(source)") }
            spec.rules = spec.rules.mutated(mutation)
            guard case .refuted(let counterexample) = solver(spec) else { return XCTFail("Z3 did not refute it under \(mutation)") }
            XCTAssertEqual(counterexample.verdicts.map(\.evaluated), [source == Self.heldValueRunsNothing])
            guard case .refuted = checker(spec) else { return XCTFail("the checker did not refute it under \(mutation)") }
        }
    }

    /// Red team: the lemmas an encoding that chose the state change freely, or forgot that a new
    /// identity has fresh state, would prove. Both routes refute each, and the counterexample
    /// shows the set.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        let cases: [(source: String, survives: Bool?)] = [
            // A set on a view whose identity is lost at the next render changes nothing of the new view.
            (Self.lemma("p.set != p.state", show: "stateRead(p, after) || stateUnread(p, after)"), false),
            // A set of the value held is no change, so the body read it and still does not run.
            (Self.lemma("rendered(p, before) && p.set == p.state && !stateUnread(p, after)", show: "evaluated(p, after)"), true),
            (Self.lemma("rendered(p, before) && p.set != p.state", show: "evaluated(p, after)"), true),
            (Self.lemma("p.set == p.state && rendered(p, before) && !signalled(p, after)", show: "!evaluated(p, after)"), true),
        ]
        for (source, survives) in cases {
            let spec = try SingleLemmaFile.compile(source)
            guard case .refuted(let counterexample) = solver(spec) else {
                XCTFail("Z3 did not refute: \(source)")
                continue
            }
            XCTAssertEqual(counterexample.verdicts.first?.survives, survives, source)
            XCTAssertTrue(counterexample.paths.contains { $0.contains(", then set to ") }, "\(counterexample.paths)")
            guard case .refuted = checker(spec) else {
                XCTFail("the checker did not refute: \(source)")
                continue
            }
        }
    }

    /// The replay applies the set to the trees under the rules and rejects a link whose own state
    /// change is not the set's: a change after a set of the value held, a change of a view whose
    /// identity is new, no change after a set of another value.
    func testTheReplayDerivesTheChangeFromTheSet() {
        func link(survives: Bool = true, _ change: StateChange, held: Int, set: Int, read: Bool = true) -> ViewLink {
            ViewLink(
                survives: survives, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: change,
                stateSet: StateSet(held: held, set: set, read: read))
        }
        func observed(_ link: ViewLink, _ rules: InvalidationRules = .runtime) -> ViewLinkObservation? {
            guard case .realized(_, let observation) = InvalidationReplay.observe(link, rules: rules, identityRules: .runtime) else {
                return nil
            }
            return observation
        }
        XCTAssertNil(observed(link(.changedRead, held: 0, set: 0)))
        XCTAssertNil(observed(link(survives: false, .changedRead, held: 0, set: 1)))
        XCTAssertNil(observed(link(.none, held: 0, set: 1)))
        XCTAssertNil(observed(link(.changedRead, held: 0, set: 1, read: false)))
        XCTAssertEqual(observed(link(.changedUnread, held: 0, set: 1, read: false))?.stateChange, .changedUnread)
        XCTAssertEqual(observed(link(.none, held: 2, set: 2))?.stateChange, StateChange.none)
        XCTAssertEqual(observed(link(survives: false, .none, held: 0, set: 1))?.stateChange, StateChange.none)
        // Under the mutant a set of the value held commits: the trees carry the change it makes.
        let mutant = InvalidationRules.runtime.mutated(.equalSetCommits)
        XCTAssertNil(observed(link(.none, held: 0, set: 0), mutant))
        XCTAssertEqual(observed(link(.changedRead, held: 0, set: 0), mutant)?.stateChange, .changedRead)
        // The trees' own verdict: a surviving view, its parent skipped, runs on a read change only.
        var skipped = link(.changedRead, held: 0, set: 1)
        skipped.parentEvaluated = false
        XCTAssertEqual(observed(skipped)?.view.evaluated, true)
        skipped.stateChange = .none
        skipped.stateSet = StateSet(held: 1, set: 1, read: true)
        XCTAssertEqual(observed(skipped)?.view.evaluated, false)
    }

    /// A parent and its child: the chain trees apply the parent's set too, so a parent link that
    /// claims no change after a set of another value is not realized, and the one that claims the
    /// read change runs the parent and reaches the child. Z3 proves the lemma over the pair.
    func testAParentsSetIsAppliedInTheChainTrees() throws {
        let source = """
            lemma parent_set {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume !revived(p, after) && !revived(q, after)
              mutate p after before
              assume childOf(q, p)
              assume rendered(p, before) && p.set != p.state && !stateUnread(p, after)
              show parentEvaluated(q, after)
            }
            """
        let spec = try SingleLemmaFile.compile(source)
        guard case .proved = solver(spec) else { return XCTFail("Z3 did not prove the parent's set reaches the child") }
        var spec2 = spec
        spec2.rules = spec.rules.mutated(.ownChangeIgnored)
        guard case .refuted = solver(spec2) else { return XCTFail("Z3 did not refute it under ownChangeIgnored") }
        var parent = ViewLink(
            survives: true, parentEvaluated: false, old: [], new: [], hasState: true, stateChange: .none,
            stateSet: StateSet(held: 0, set: 1, read: true))
        let child = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(0)])
        guard case .notRealized = InvalidationReplay.observe([[parent], [child]], of: spec) else {
            return XCTFail("the replay realized a parent with no change after a set of another value")
        }
        parent.stateChange = .changedRead
        guard case .realized(_, let observations) = InvalidationReplay.observe([[parent], [child]], of: spec) else {
            return XCTFail("the replay did not realize the parent's read change")
        }
        XCTAssertEqual(observations[0][0].stateChange, .changedRead)
        XCTAssertTrue(observations[0][0].view.evaluated)
        XCTAssertTrue(observations[1][0].parent.evaluated)
    }
}

/// `mutate` over three renders: the state is carried from render to render (`StateCarry`), so a
/// set is a change at the transition after it only, on both routes and in the replay.
final class InvalidationStateCarryTests: XCTestCase {
    static func lemma(
        _ assumptions: String, show conclusion: String, mutate: String = "p after a", child: Bool = false, expect: String = "holds"
    ) -> String {
        """
        lemma state_carry {
          summary "x"; source I8; rules runtime; invalidation runtime; expect \(expect)
          renders a, b, c
          forall p: path in c\(child ? ", q: path in c" : "")
          mutate \(mutate)\(child ? "\n  assume childOf(q, p)" : "")
          assume \(assumptions)\(expect == "holds" ? " && " + notRevived(child: child) : "")
          show \(conclusion)
        }
        """
    }

    /// A lemma that holds is about views no lazy container revives (FINDINGS.md 67).
    static func notRevived(child: Bool) -> String {
        (child ? ["p", "q"] : ["p"]).flatMap { path in ["b", "c"].map { "!revived(\(path), \($0))" } }.joined(separator: " && ")
    }

    static let runsOnce = lemma(
        "rendered(p, a) && p.set != p.state && !stateUnread(p, b)",
        show: "evaluated(p, b) && stateRead(p, b) && !stateRead(p, c) && !stateUnread(p, c)")
    static let parentHeldValueLeavesChildSkipped = lemma(
        "p.set == p.state && !parentEvaluated(p, c) && !signalled(p, c) && !stateRead(q, c) && !stateUnread(q, c) && !signalled(q, c)",
        show: "!evaluated(q, c)", mutate: "p after b", child: true)
    static let bothSet = lemma(
        "rendered(p, a) && p.set != p.state && !stateUnread(p, b) && rendered(q, b) && q.set != q.state && !stateUnread(q, c)",
        show: "evaluated(p, b) && evaluated(q, c) && !stateRead(p, c) && !stateRead(q, b)", mutate: "p after a, q after b", child: true)

    private static func solver(_ spec: InvalidationLemmaSpec) -> SolverAnswer {
        InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer
    }

    /// The checker's domain, shared as a run shares it: each pair of rule sets is observed once for the class.
    private static let domain = ObservedDomain()

    private static func checker(_ spec: InvalidationLemmaSpec) -> InvalidationBoundedRoute.Result {
        InvalidationBoundedRoute(domain: domain).run(spec)
    }

    func testThreeRenderSetsAreProvedUnboundedCheckedAndBrokenByTheirMutants() throws {
        let cases: [(source: String, mutation: InvalidationMutation)] = [
            (Self.runsOnce, .ownChangeIgnored), (Self.parentHeldValueLeavesChildSkipped, .equalSetCommits), (Self.bothSet, .ownChangeIgnored),
        ]
        // The three lemmas are independent: at once on every core; the assertions stay on this thread.
        let runs = try Concurrently.map(cases) { source, mutation in
            let report = try SingleLemmaFile.run(source)
            var spec = try SingleLemmaFile.compile(source)
            let (transitions, checked) = (spec.transitions, Self.checker(spec))
            spec.rules = spec.rules.mutated(mutation)
            return (
                report: report, transitions: transitions, checked: checked, mutantSolver: Self.solver(spec),
                mutantChecker: Self.checker(spec).answer
            )
        }
        for ((source, mutation), run) in zip(cases, runs) {
            guard case .proved(.unbounded) = run.report.outcome else { return XCTFail("\(run.report.outcome): \(run.report.message)") }
            XCTAssertEqual(run.transitions, 2)
            guard case .holds = run.checked.answer else { return XCTFail("the checker did not hold \(source): \(run.checked.answer)") }
            XCTAssertGreaterThan(run.checked.cases, 0, "the checker enumerated nothing for \(source)")
            guard case .refuted = run.mutantSolver else { return XCTFail("Z3 did not refute it under \(mutation)") }
            guard case .refuted = run.mutantChecker else { return XCTFail("the checker did not refute it under \(mutation)") }
        }
    }

    /// Red team: what a wrong carry-over would prove. A set applied again at a later transition, a
    /// set carried to a new identity, a set seen at the transition before it, and a parent's set
    /// that always reaches its child: each refuted by both routes with a replayed counterexample.
    func testTheFalseCarriesAreRefutedByBothRoutes() throws {
        let cases = [
            Self.lemma("rendered(p, a) && rendered(p, b) && p.set != p.state && !stateUnread(p, b)", show: "stateRead(p, c)"),
            Self.lemma("rendered(p, a) && !rendered(p, b) && p.set != p.state", show: "stateRead(p, c) || stateUnread(p, c)"),
            Self.lemma("rendered(p, a) && p.set != p.state", show: "stateRead(p, b) || stateUnread(p, b)", mutate: "p after b"),
            Self.lemma(
                "rendered(p, b) && p.set != p.state && !parentEvaluated(p, c) && !signalled(p, c)", show: "parentEvaluated(q, c)",
                mutate: "p after b", child: true),
        ]
        for source in cases {
            let spec = try SingleLemmaFile.compile(source)
            guard case .refuted(let counterexample) = Self.solver(spec) else {
                XCTFail("Z3 did not refute: \(source)")
                continue
            }
            XCTAssertEqual(counterexample.renders.count, 3 * (spec.parents.filter { $0 == nil }.count), source)
            XCTAssertTrue(counterexample.paths.contains { $0.contains(", then set to ") }, "\(counterexample.paths)")
            guard case .refuted = Self.checker(spec).answer else {
                XCTFail("the checker did not refute: \(source)")
                continue
            }
        }
    }

    /// Beyond the checker's three renders the carry is Z3's and the replay's: over four renders a set
    /// after the second render is no change at the third's successor, proved, and "a change at the
    /// transition after the set's" is refuted with a counterexample replayed on four renders; the
    /// checker says it did not enumerate them.
    func testFourRendersAreZ3sWithTheReplay() throws {
        func source(_ body: String, expect: String) -> String {
            "lemma four {\n  summary \"x\"; source I8; rules runtime; invalidation runtime; expect \(expect)\n  renders a, b, c, d\n"
                + "  forall p: path in d\n  mutate p after b\n\(body)\n}\n"
        }
        let held = try SingleLemmaFile.compile(source(
            "  assume !revived(p, b) && !revived(p, c) && !revived(p, d)\n  show !stateRead(p, b) && !stateUnread(p, b) && !stateRead(p, d) && !stateUnread(p, d)",
            expect: "holds"))
        guard case .proved = Self.solver(held) else { return XCTFail("Z3 did not prove that a set changes nothing but its transition") }
        let again = try SingleLemmaFile.compile(source("  assume rendered(p, b) && p.set != p.state\n  show stateRead(p, d)", expect: "refuted"))
        guard case .refuted(let counterexample) = Self.solver(again) else { return XCTFail("Z3 did not refute a change after the set's") }
        XCTAssertEqual(counterexample.renders.count, 4)
        guard case .inapplicable = Self.checker(again).answer else { return XCTFail("the checker claims to enumerate four renders") }
    }

    /// The replay carries the state over the renders and rejects a set path's link whose change is
    /// not the carried one: a change at the transition after the set's, or a held value other than
    /// the one the identity present at the set was made with.
    func testTheReplayCarriesTheState() throws {
        let spec = try SingleLemmaFile.compile(Self.runsOnce)
        func link(survives: Bool = true, _ change: StateChange, set: StateSet? = nil) -> ViewLink {
            ViewLink(survives: survives, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: change, stateSet: set)
        }
        let set = StateSet(held: 3, set: 4, read: true)
        guard case .realized(let trees, let observations) = InvalidationReplay.observe([[link(.changedRead, set: set), link(.none)]], of: spec)
        else { return XCTFail("the replay did not realize a set then nothing") }
        XCTAssertEqual(trees.carries[0]?.values, [3, 4, 4])
        XCTAssertEqual(observations[0].map(\.stateChange), [.changedRead, .none])
        // The set applied again, or forgotten (the state back to the value held): a change at c.
        guard case .notRealized = InvalidationReplay.observe([[link(.changedRead, set: set), link(.changedRead)]], of: spec) else {
            return XCTFail("the replay realized a change at the transition after the set's")
        }
        // A new identity at c starts from its initial value: no change, whatever was set before.
        guard case .realized(let fresh, _) = InvalidationReplay.observe(
            [[link(.changedRead, set: set), link(survives: false, .none)]], of: spec)
        else { return XCTFail("the replay did not realize a new identity after the set") }
        XCTAssertEqual(fresh.carries[0]?.values.prefix(2), [3, 4])
        // A set after b: the identity made at b (a new one) holds its initial value then.
        let later = StateCarry(
            history: [link(survives: false, .none), link(.changedRead, set: set)],
            initials: StateCarry.initials(of: [link(survives: false, .none), link(.changedRead, set: set)]), rules: .runtime)
        XCTAssertEqual(later.values, [3, 3, 4])
        XCTAssertEqual(later.changes, [.none, .changedRead])
        var held = link(.none, set: StateSet(held: 4, set: 4, read: true))
        held.initialChanged = true
        let initials = StateCarry.initials(of: [link(survives: false, .none), held])
        XCTAssertEqual(initials[1], 4, "the identity made at b starts from the value the set holds")
        XCTAssertNotEqual(initials[2], initials[1])
    }
}
