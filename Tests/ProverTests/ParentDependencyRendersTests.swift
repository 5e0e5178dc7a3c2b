import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import XCTest

@testable import Prover

/// Environment keys (I10) and objects (I11) through a parent over three renders (issue 21;
/// parent-dependency-renders.lemma): the proved lemmas broken by `ownChangeIgnored` on both routes
/// (the checker's `runParentDependencyChains`), the false neighbours refuted by both, and the
/// replay refusing the keys a tree cannot give: an override written earlier stays below a skipped
/// parent, and without one the child's value follows its parent's.
final class ParentDependencyRendersTests: XCTestCase {
    private static let declaredKeyRunsTheChild = """
        lemma declared_key_runs_the_child {
          summary "x"; source I10; rules runtime; invalidation runtime; expect holds
          renders before, mid, after
          forall p: path in after, q: path in after
          assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
          assume childOf(q, p)
          assume declaresKey(q, k) && environmentChanged(q, k, after) && !evaluated(p, after)
          show evaluated(q, after)
        }
        """

    private static let sendRunsTheChild = """
        lemma send_runs_the_child {
          summary "x"; source I11; rules runtime; invalidation runtime; expect holds
          renders before, mid, after
          forall p: path in after, q: path in after
          assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
          assume childOf(q, p)
          assume observesObject(q, m) && objectSent(m, after) && !evaluated(p, after)
          show evaluated(q, after)
        }
        """

    /// Under `ownChangeIgnored` the child is skipped with its parent: the counterexample's trees give
    /// the skipped parent the child's change too (no write between them changed).
    func testADeclaredKeyRunsTheChildAndOwnChangeIgnoredBreaksIt() throws {
        let (spec, counterexample) = try XCTUnwrap(try SingleLemmaFile.assertProvedAndBroken(Self.declaredKeyRunsTheChild, by: .ownChangeIgnored))
        let links = try XCTUnwrap(counterexample.histories?.links)
        let parent = try XCTUnwrap(spec.paths.firstIndex(of: "p")), child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        XCTAssertEqual(links[child].count, 2)
        XCTAssertEqual(links[child][1].keyChanges, [0])
        XCTAssertEqual(links[parent][1].keyChanges, [0])
        XCTAssertEqual(counterexample.verdicts.first { $0.variable == "q" && $0.transition == 2 }?.evaluated, false)
    }

    func testASendRunsTheObservingChildAndOwnChangeIgnoredBreaksIt() throws {
        let (_, counterexample) = try XCTUnwrap(try SingleLemmaFile.assertProvedAndBroken(Self.sendRunsTheChild, by: .ownChangeIgnored))
        XCTAssertEqual(counterexample.verdicts.first { $0.variable == "q" && $0.transition == 2 }?.evaluated, false)
    }

    /// The false neighbours, refuted by both routes: a change or a send one transition back counted
    /// now, the parent's change always reaching the child (an override stays), the parent's object
    /// running the child, and the key's lemma under `handWritten`.
    func testTheFalseNeighboursAreRefuted() throws {
        let neighbours = [
            """
            lemma change_two_renders_back {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume rendered(q, mid) && declaresKey(q, k) && environmentChanged(q, k, mid) && !environmentChanged(q, k, after)
              assume !evaluated(p, after)
              show evaluated(q, after)
            }
            """,
            """
            lemma parents_change_reaches_the_child {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume !evaluated(p, mid) && !evaluated(p, after) && environmentChanged(p, k, after)
              show environmentChanged(q, k, after)
            }
            """,
            """
            lemma send_before {
              summary "x"; source I11; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume rendered(q, mid) && observesObject(q, m) && objectSent(m, mid) && !objectSent(m, after)
              assume !evaluated(p, after)
              show evaluated(q, after)
            }
            """,
            """
            lemma parents_object_runs_the_child {
              summary "x"; source I11; rules runtime; invalidation runtime; expect refuted
              renders before, mid, after
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume observesObject(p, m) && !observesObject(q, m) && !findsObject(q, m) && objectSent(m, after)
              show evaluated(q, after)
            }
            """,
            Self.declaredKeyRunsTheChild.replacingOccurrences(of: "invalidation runtime", with: "invalidation handWritten"),
        ]
        for source in neighbours { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// A true lemma that Z3 cannot prove (it keeps each view's change free) and that a replay
    /// checking one transition at a time would refute: below a parent skipped at both transitions,
    /// a change reaching the parent and not the child means an override in the parent's body,
    /// which stays, so the child's value does not change in the next transition either. Neither
    /// route may refute it.
    func testAnOverrideThatStaysIsNotRefutedByEitherRoute() throws {
        let spec = try SingleLemmaFile.compile("""
            lemma override_stays {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              renders before, mid, after
              forall p: path in after, q: path in after
              assume !revived(p, mid) && !revived(p, after) && !revived(q, mid) && !revived(q, after)
              assume childOf(q, p)
              assume !evaluated(p, mid) && !evaluated(p, after) && environmentChanged(p, k, mid) && !environmentChanged(q, k, mid)
              show !environmentChanged(q, k, after)
            }
            """)
        if case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer {
            XCTFail("Z3's model replayed as a counterexample no tree gives: \(counterexample.paths)")
        }
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = checked.answer else { return XCTFail("\(checked.answer)") }
        XCTAssertGreaterThan(checked.unrealized, 0, "the checker met no history the replay refuses")
    }

    /// The replay on hand-made histories: the child's change after an override was seen is refused,
    /// the override kept and the child following its parent are realized.
    func testTheReplayRefusesAKeyChangeAfterAnOverrideBelowASkippedParent() {
        func observe(parent: [Set<Int>], child: [Set<Int>]) -> InvalidationReplay.ChainObservation {
            let parentLinks = parent.map { ViewLink(survives: true, parentEvaluated: false, old: [], new: [], keyChanges: $0) }
            let childLinks = child.map { ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0], keyChanges: $0) }
            return InvalidationReplay.observe(
                [parentLinks, childLinks], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        }
        guard case .notRealized = observe(parent: [[0], [0]], child: [[], [0]]) else {
            return XCTFail("the child's key changed after an override its skipped parent keeps")
        }
        guard case .realized(_, let kept) = observe(parent: [[0], [0]], child: [[], []]) else { return XCTFail("an override that stays was refused") }
        XCTAssertEqual(kept[1].map(\.view.evaluated), [false, false])
        guard case .realized(_, let followed) = observe(parent: [[0], [0]], child: [[0], [0]]) else { return XCTFail("the child following was refused") }
        XCTAssertEqual(followed[1].map(\.view.evaluated), [true, true])
    }

    /// Session 17's finding: an override is part of the child's type, so it cannot appear on a
    /// surviving child. Below a parent skipped at the first transition the child followed its
    /// parent's change (no override), so with both surviving it follows it at the next, where the
    /// parent ran, too. The stretch-wise choice refuted this true lemma with trees that write the
    /// override on the child in the last render only (pasted back, the child is new and runs).
    /// Neither route may refute it.
    func testAnOverrideAppearingOnASurvivingChildIsRefusedByBothRoutes() throws {
        let spec = try SingleLemmaFile.compile("""
            lemma no_override_appears {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
              assume childOf(q, p)
              assume rendered(q, a) && rendered(q, b)
              assume !evaluated(p, b) && environmentChanged(p, k, b) && environmentChanged(q, k, b)
              assume environmentChanged(p, k, c)
              show environmentChanged(q, k, c)
            }
            """)
        if case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer {
            XCTFail("Z3's model replayed as a counterexample no tree gives: \(counterexample.renders.map(\.code))")
        }
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .holds = checked.answer else { return XCTFail("\(checked.answer)") }
        XCTAssertGreaterThan(checked.unrealized, 0, "the checker met no history the replay refuses")
    }

    /// The replay on hand-made histories: the parent skipped, then run (its value changed), its key
    /// changing at both transitions; a surviving child that followed the first change and not the
    /// second would need an override that appears, and is refused; following both, or new at the
    /// parent's run (a new identity may have the override), is realized.
    func testTheReplayRefusesAnOverrideThatAppearsOnASurvivingChild() {
        let parentLinks = [
            ViewLink(survives: true, parentEvaluated: false, old: [.plain(0)], new: [.plain(0)], keyChanges: [0]),
            ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], keyChanges: [0]),
        ]
        func observe(child: [Set<Int>], survives: [Bool] = [true, true]) -> InvalidationReplay.ChainObservation {
            let childLinks = zip(zip(child, survives), [false, true]).map { pair, ran in
                ViewLink(survives: pair.1, parentEvaluated: ran, old: [], new: [], declaredKeys: [0], keyChanges: pair.0)
            }
            return InvalidationReplay.observe(
                [parentLinks, childLinks], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        }
        guard case .notRealized(let reason) = observe(child: [[0], []]) else {
            return XCTFail("an override that appears on a surviving child was realized")
        }
        XCTAssertTrue(reason.contains("no tree's"), reason)
        guard case .realized(_, let followed) = observe(child: [[0], [0]]) else { return XCTFail("the child following was refused") }
        XCTAssertEqual(followed[1].map(\.view.evaluated), [true, true])
        guard case .realized(let trees, let renewed) = observe(child: [[0], []], survives: [true, false]) else {
            return XCTFail("a new child with an override was refused")
        }
        XCTAssertEqual(renewed[1].map(\.survives), [true, false])
        // The printed override is on the new identity only, in the render it is made.
        let printed = trees.renders[0].map { RenderPrinter.print($0) }
        let childLines = printed.map { $0.split(separator: "\n").first { $0.contains("@q") }.map(String.init) ?? "" }
        XCTAssertEqual(childLines.map { $0.contains(".environment(") }, [false, false, true], "\(printed)")
    }

    /// These atoms through a parent over three renders are accepted, beside a tracking atom too
    /// (issue 21), and through a ForEach row, a state object beside the tracking there too (formerly E097).
    func testMisuse() throws {
        for source in [Self.declaredKeyRunsTheChild, Self.sendRunsTheChild] {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        }
        let diagnostics = try SingleLemmaFile.load("""
            lemma beside_tracking {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
              assume childOf(q, p)
              assume readsProperty(q, x, b)
              show environmentChanged(q, k, c) => evaluated(q, c)
            }
            """)
        XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        // Through a ForEach row too (issue 21, row-dependencies.lemma), and a state object beside the
        // tracking over three renders there.
        let throughRow = try SingleLemmaFile.load("""
            lemma through_a_row {
              summary "x"; source I10; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
              assume rowOf(q, p)
              assume readsProperty(q, x, b)
              show environmentChanged(q, k, c) => evaluated(q, c)
            }
            """)
        XCTAssertFalse(throughRow.contains(where: \.isError), "\(throughRow)")
        let stateObjectThroughRow = try SingleLemmaFile.load("""
            lemma state_object_through_a_row {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
              assume rowOf(q, p)
              assume readsProperty(q, x, b)
              show holdsStateObject(q) => evaluated(q, c)
            }
            """)
        XCTAssertFalse(stateObjectThroughRow.contains(where: \.isError), "\(stateObjectThroughRow)")
    }
}
