import XCTest

@testable import Prover

/// The session-18 red team on `runParentDependencyTracking`'s cuts: a lemma that names neither the
/// parent's `readsProperty` nor its `bodyReads` gets one parent per pattern of its runs, and no
/// body's reads at the last transition unless it names `bodyReads` there. Each false lemma here
/// names the parent's tracking only through what it makes the parent do (`evaluated`, a child's
/// parent evaluation, `propertyChanged`), so its counterexample needs a parent whose tracking or
/// reads the walk must not have cut away: each is refuted by Z3 and by the checker alone.
final class ParentTrackingCutRedTeamTests: XCTestCase {
    /// One of the parent-tracking lemmas over three renders: `assumptions` beside `childOf(q, p)`.
    private static func lemma(_ name: String, _ assumptions: [String], show: String) -> String {
        """
        lemma \(name) {
          summary "x"; source I8, I10, I11; rules runtime; invalidation runtime; expect refuted
          renders before, mid, after
          forall p: path in after, q: path in after
          assume childOf(q, p)
        \(assumptions.map { "  assume \($0)" }.joined(separator: "\n"))
          show \(show)
        }
        """
    }

    /// Nothing of the parent's own (no signal, state or key, its parent skipped) runs it at render
    /// 3: only its tracking of `a` may, and its run hands the child a changed value.
    func testAParentRunByItsTrackingRunsTheChildOnTheCheckersTrees() throws {
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma(
            "parent_tracking_changed_property_runs_no_child",
            [
                "rendered(p, before) && rendered(p, mid) && rendered(q, before) && rendered(q, mid)",
                "declaresKey(q, k) && !environmentChanged(q, k, after) && !environmentChanged(p, k, after)",
                "propertyChanged(a, after) && !readsProperty(q, a, after) && !signalled(q, after) && !stateRead(q, after)",
                "!parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)",
            ],
            show: "!evaluated(q, after)"))
    }

    /// A parent run at render 2 by `a` alone runs again at render 3 for `a`'s change only if its
    /// body read `a` at render 2: the runs [ran, skipped] and [ran, ran] are two patterns, each
    /// judged (a cut that kept one parent per first run would lose the counterexample).
    func testAParentRunByItsTrackingIsJudgedForEachLaterRun() throws {
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma(
            "parent_run_by_a_alone_reads_it_again",
            [
                "rendered(p, before) && rendered(p, mid) && declaresKey(q, k) && !declaresKey(p, k)",
                "!parentEvaluated(p, mid) && !parentEvaluated(p, after) && !stateRead(p, mid) && !stateRead(p, after)",
                "!signalled(p, mid) && !signalled(p, after) && evaluated(p, mid) && propertyChanged(a, after)",
            ],
            show: "evaluated(p, after)"))
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma(
            "parent_run_by_tracking_runs_again",
            [
                "rendered(p, before) && rendered(p, mid) && declaresKey(p, k) && !environmentChanged(p, k, mid)",
                "!environmentChanged(p, k, after) && !parentEvaluated(p, mid) && !parentEvaluated(p, after)",
                "!stateRead(p, mid) && !stateRead(p, after) && !signalled(p, mid) && !signalled(p, after)",
                "evaluated(p, mid) && evaluated(p, after)",
            ],
            show: "!propertyChanged(a, after)"))
    }

    /// A child observing an object nobody sends to, below a parent run at both transitions by
    /// `a`'s changes (its parent skipped), runs at both: its value changes whenever its parent ran.
    func testAChildBelowAParentRunTwiceByItsTrackingRunsTwice() throws {
        try SingleLemmaFile.assertRefutedByBothRoutes(Self.lemma(
            "child_below_parent_run_by_its_tracking_twice",
            [
                "rendered(p, before) && rendered(p, mid) && rendered(q, before) && rendered(q, mid)",
                "observesObject(q, m) && !objectSent(m, mid) && !objectSent(m, after)",
                "propertyChanged(a, mid) && propertyChanged(a, after)",
                "!parentEvaluated(p, mid) && !parentEvaluated(p, after) && !stateRead(p, mid) && !stateRead(p, after)",
                "!signalled(p, mid) && !signalled(p, after) && evaluated(p, mid) && evaluated(p, after)",
            ],
            show: "!evaluated(q, mid) || !evaluated(q, after)"))
    }
}
