import Invalidation
import LemmaLanguage
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover

/// Environment keys and objects beside `@Observable` tracking through a parent (`childOf`) over
/// more than two renders (issue 21; parent-tracking-dependencies.lemma): each view's registrar is
/// its own, a key reaches the child through a skipped parent, on both routes and the trees; through
/// a row as through a parent (RowDependenciesTests).
final class ParentTrackingDependenciesTests: XCTestCase {
    private static let childKeepsWhatItTracked = """
        lemma child_keeps_what_it_tracked {
          summary "x"; source I10; rules runtime; invalidation runtime; expect holds
          renders before, mid, after
          forall p: path in after, q: path in after
          assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
          assume childOf(q, p)
          assume rendered(q, before) && readsProperty(q, a, mid) && !propertyChanged(a, mid) && !bodyReads(q, a, mid)
          assume declaresKey(p, k) && environmentChanged(p, k, mid)
          assume propertyChanged(a, after)
          show evaluated(q, after)
        }
        """

    private static let sendRunChildRecords = """
        lemma send_run_child_records {
          summary "x"; source I11; rules runtime; invalidation runtime; expect holds
          renders before, mid, after
          forall p: path in after, q: path in after
          assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
          assume childOf(q, p)
          assume rendered(q, before) && rendered(q, mid) && observesObject(q, m) && objectSent(m, mid) && bodyReads(q, a, mid)
          show readsProperty(q, a, after)
        }
        """

    private static let foundObjectChildRuns = """
        lemma found_object_child_runs {
          summary "x"; source I11; rules runtime; invalidation runtime; expect holds
          renders before, mid, after
          forall p: path in after, q: path in after
          assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
          assume childOf(q, p)
          assume rendered(q, before) && rendered(q, mid) && findsObject(q, m) && objectSent(m, mid) && bodyReads(q, a, mid)
          assume propertyChanged(a, after)
          show evaluated(q, after)
        }
        """

    private static let unchangedKeyKeepsTheTracking = """
        lemma unchanged_key_keeps_the_tracking {
          summary "x"; source I10; rules runtime; invalidation runtime; expect holds
          renders before, mid, after
          forall p: path in after, q: path in after
          assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
          assume childOf(q, p)
          assume rendered(q, before) && rendered(q, mid) && declaresKey(q, k) && !environmentChanged(q, k, mid)
          assume !parentEvaluated(q, mid) && !stateRead(q, mid) && !signalled(q, mid) && !propertyChanged(a, mid)
          show readsProperty(q, a, after) <=> readsProperty(q, a, mid)
        }
        """

    /// Each true lemma, formerly E097, is proved unbounded and broken on both routes by the mutant of
    /// the rule it rests on: the child's run merging (not replacing) its tracking, the send's and
    /// the found object's run recording the reads, the skipped child recording nothing.
    func testProvedAndBrokenByAMutant() throws {
        _ = try SingleLemmaFile.assertProvedAndBroken(Self.childKeepsWhatItTracked, by: .trackingReplacedEachEvaluation)
        _ = try SingleLemmaFile.assertProvedAndBroken(Self.childKeepsWhatItTracked, by: .ownChangeIgnored)
        _ = try SingleLemmaFile.assertProvedAndBroken(Self.sendRunChildRecords, by: .ownChangeIgnored)
        _ = try SingleLemmaFile.assertProvedAndBroken(Self.foundObjectChildRuns, by: .environmentObjectsIgnored)
        _ = try SingleLemmaFile.assertProvedAndBroken(Self.unchangedKeyKeepsTheTracking, by: .skippedBodyReadsTracked)
    }

    /// What the trees would prove if they dropped a key's reach at the parent (the first: no change
    /// reaches a child through a skipped parent, so it never runs and records nothing) or the child's
    /// registrar at its parent's run (the second: its tracking reset; the third: its parent's reads
    /// taken for its own): refuted by both routes.
    func testTheRedTeamsHistoriesAreRefutedByBothRoutes() throws {
        let sources = [
            """
            lemma key_does_not_reach_through_a_skipped_parent {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume rendered(q, before) && rendered(q, mid) && !readsProperty(q, a, mid) && bodyReads(q, a, mid)
              assume declaresKey(q, k) && environmentChanged(p, k, mid) && !parentEvaluated(q, mid) && !stateRead(q, mid) && !signalled(q, mid)
              show !readsProperty(q, a, after)
            }
            """,
            """
            lemma parent_key_run_resets_the_child_tracking {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume rendered(q, before) && rendered(q, mid) && readsProperty(q, a, mid) && !propertyChanged(a, mid) && !bodyReads(q, a, mid)
              assume declaresKey(p, k) && environmentChanged(p, k, mid)
              assume propertyChanged(a, after) && !parentEvaluated(q, after) && !stateRead(q, after) && !signalled(q, after)
              assume !environmentChanged(q, k, after)
              show !evaluated(q, after)
            }
            """,
            """
            lemma child_tracks_what_its_parent_read {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume rendered(q, before) && rendered(q, mid) && declaresKey(p, k) && environmentChanged(p, k, mid) && bodyReads(p, a, mid)
              show readsProperty(q, a, after)
            }
            """,
        ]
        for source in sources { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// The chain trees carry a key's change through a skipped parent to the child that declares it,
    /// whose run records its reads in its own registrar (not its parent's); the replay refuses the
    /// path level claiming the child recorded nothing, or a child's change its skipped parent did not
    /// hand down (`EnvironmentReach`).
    func testTheTreesCarryTheKeyAndEachRegistrarThroughAParent() {
        let parent = [
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], reads: [0], keyChanges: [0]),
            ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
        ]
        let child = [
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], reads: [0], declaredKeys: [0], keyChanges: [0]),
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0]),
        ]
        let carried = ViewChainTrees.carrying(
            [parent, child], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime).histories
        XCTAssertEqual(carried[1][1].tracked, [0], "the child run by the key its skipped parent handed down records what it read")
        XCTAssertEqual(carried[0][1].tracked, [], "the skipped parent records nothing of what its body would read")
        guard case .realized(_, let observed) = InvalidationReplay.observe(
            carried, parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("the key's change handed down through a skipped parent was not realized") }
        XCTAssertEqual(observed.map { $0[0].view.evaluated }, [false, true])
        var forgot = carried
        forgot[1][1].tracked = []
        guard case .notRealized = InvalidationReplay.observe(
            forgot, parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("a child tracking that forgot the reads of its key's run was realized") }
        var unreached = carried
        unreached[0][0].keyChanges = []
        guard case .notRealized = InvalidationReplay.observe(
            unreached, parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("a child's key change that its skipped parent did not hand down was realized") }
    }

    /// The checker's walk (`runParentDependencyTracking`) judges candidates on their trees and holds
    /// under the default budget, refutes the red team's first history, and under a small budget
    /// stops, never `holds`; beyond its bounds it is inapplicable, not `holds`.
    func testTheWalkJudgesCandidatesAndStopsUnderASmallBudget() throws {
        let specs = LemmaSet.invalidationSpecs(
            files: [Repository.root.appendingPathComponent("Lemmas/invalidation/parent-tracking-dependencies.lemma")])
        let holds = try XCTUnwrap(specs.first { $0.name == "inval_parent_tracking_child_keeps_what_it_tracked_across_its_parents_key_run" })
        let domain = ObservedDomain()
        let full = InvalidationBoundedRoute(domain: domain, budget: VerifierOptions().walkBudget).run(holds)
        guard case .holds = full.answer else { return XCTFail("\(holds.name): \(full.answer)") }
        XCTAssertGreaterThan(full.cases, 0)
        XCTAssertEqual(full.domain, InvalidationBoundedRoute.parentDependencyTrackingDomain)
        let small = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: 5)).run(holds)
        guard case .exhausted(let stop) = small.answer else { return XCTFail("\(small.answer)") }
        XCTAssertEqual(stop.code, "checker-case-limit")
        let refuted = try XCTUnwrap(specs.first { $0.name == "false_parent_tracking_key_does_not_reach_through_a_skipped_parent" })
        guard case .refuted = InvalidationBoundedRoute(domain: domain).run(refuted).answer else {
            return XCTFail("the checker did not refute a key handed down through a skipped parent")
        }
        let wide = try SingleLemmaFile.compile("""
            lemma wide {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              renders before, mid, after
              forall p: path in after, q: path in after
              assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
              assume childOf(q, p)
              assume readsProperty(q, a, mid) && readsProperty(p, b, mid) && environmentChanged(q, k, mid)
              show evaluated(q, after)
            }
            """)
        guard case .inapplicable = InvalidationBoundedRoute(domain: domain).run(wide).answer else {
            return XCTFail("the checker claims to enumerate two properties beside a key through a parent over three renders")
        }
    }

    /// What the walk leaves out is what the lemma cannot tell apart: the parent's trackings and
    /// reads beyond its runs when it names neither its readsProperty nor its bodyReads (the same
    /// verdict, fewer candidates, than with a tautology naming them), a body's reads at the last
    /// transition when it names no bodyReads there (named, the parent reading a at render 3 refutes
    /// a claim that it does not).
    func testTheWalkLeavesOutOnlyWhatTheLemmaCannotTellApart() throws {
        let domain = ObservedDomain()
        let collapsed = InvalidationBoundedRoute(domain: domain).run(try SingleLemmaFile.compile(Self.childKeepsWhatItTracked))
        let named = InvalidationBoundedRoute(domain: domain).run(
            try SingleLemmaFile.compile(
                Self.childKeepsWhatItTracked.replacingOccurrences(
                    of: "assume propertyChanged(a, after)",
                    with: "assume propertyChanged(a, after) && (readsProperty(p, a, mid) || !readsProperty(p, a, mid))")))
        guard case .holds = collapsed.answer, case .holds = named.answer else {
            return XCTFail("\(collapsed.answer), \(named.answer)")
        }
        XCTAssertLessThan(collapsed.cases, named.cases, "the parent's trackings are judged once per run of its body")
        let lastReads = try SingleLemmaFile.compile("""
            lemma parent_reads_nothing_at_the_end {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume declaresKey(p, k) && environmentChanged(p, k, after)
              show !bodyReads(p, a, after)
            }
            """)
        guard case .refuted = InvalidationBoundedRoute(domain: domain).run(lastReads).answer else {
            return XCTFail("the checker left out the parent's reads at the last transition that the lemma names")
        }
    }

    /// The refusal is lifted through a parent and through a row (`rowOf`, RowDependenciesTests),
    /// beside a state object too (formerly E097), through either.
    func testTheRefusalIsLiftedBesideAStateObjectToo() throws {
        func lemma(structure: String, assume: String) -> String {
            """
            lemma shape {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume \(structure)
              assume \(assume)
              show evaluated(q, c)
            }
            """
        }
        let accepted = [
            lemma(structure: "childOf(q, p)", assume: "readsProperty(q, x, b) && environmentChanged(q, k, c)"),
            lemma(structure: "childOf(q, p)", assume: "bodyReads(p, x, b) && objectSent(m, c) && observesObject(q, m)"),
            lemma(structure: "rowOf(q, p)", assume: "readsProperty(q, x, b) && environmentChanged(q, k, c)"),
            lemma(structure: "rowOf(q, p)", assume: "holdsStateObject(q) && readsProperty(q, x, b) && environmentChanged(q, k, c)"),
            lemma(structure: "childOf(q, p)", assume: "holdsStateObject(q) && readsProperty(q, x, b) && environmentChanged(q, k, c)"),
        ]
        for source in accepted {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        }
    }
}
