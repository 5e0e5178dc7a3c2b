import Invalidation
import LemmaLanguage
import LemmaLogic
import XCTest

@testable import Prover

/// Objects (I11), state objects (I12) and environment keys (I10) through a parent over two renders
/// (`childOf(q, p)` with `observesObject`, `findsObject`, `objectSent`, `holdsStateObject`,
/// `initialiserChanged`, `keepsStateObject`, `declaresKey`, `environmentChanged`): the proved lemmas
/// of `parent-dependencies.lemma` broken by their mutants on both routes (the checker's
/// `runParentDependencies`), the false neighbours refuted by both, the chain trees numbering the lemma's objects alike in every view and each view's
/// state objects apart, a child's key change its skipped parent did not see refused, and the misuse
/// still refused.
final class ParentDependencyTests: XCTestCase {
    static let sendRunsTheObservingChild = """
        lemma send_runs_the_child {
          summary "x"; source I11; rules runtime; invalidation runtime; expect holds
          forall p: path in after, q: path in after
          assume !revived(p, after) && !revived(q, after)
          assume childOf(q, p)
          assume observesObject(q, m) && objectSent(m, after) && !evaluated(p, after)
          show evaluated(q, after)
        }
        """

    static let stateObjectKept = """
        lemma state_object_kept {
          summary "x"; source I12; rules runtime; invalidation runtime; expect holds
          forall p: path in after, q: path in after
          assume !revived(p, after) && !revived(q, after)
          assume childOf(q, p)
          assume holdsStateObject(q) && initialiserChanged(q, after) && rendered(q, before) && evaluated(p, after)
          show keepsStateObject(q, after)
        }
        """

    static let declaredKeyRunsTheChild = """
        lemma declared_key_runs_the_child {
          summary "x"; source I10; rules runtime; invalidation runtime; expect holds
          forall p: path in after, q: path in after
          assume !revived(p, after) && !revived(q, after)
          assume childOf(q, p)
          assume declaresKey(q, k) && environmentChanged(q, k, after) && !evaluated(p, after)
          show evaluated(q, after)
        }
        """

    /// Proved unbounded; under `mutant` both routes refute it (Z3's counterexample replayed on trees),
    /// which is returned.
    private func assertProvedAndBroken(
        _ source: String, by mutant: InvalidationMutation, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Counterexample? {
        try SingleLemmaFile.assertProvedAndBroken(source, by: mutant, file: file, line: line)?.counterexample
    }

    /// "A send of an object the child observes runs it below a skipped parent": broken by
    /// `ownChangeIgnored`, the child skipped with its parent.
    func testASendRunsTheObservingChildAndOwnChangeIgnoredBreaksIt() throws {
        let counterexample = try XCTUnwrap(try assertProvedAndBroken(Self.sendRunsTheObservingChild, by: .ownChangeIgnored))
        let child = try XCTUnwrap(counterexample.verdicts.first { $0.variable == "q" })
        XCTAssertFalse(child.evaluated)
        XCTAssertEqual(child.parentEvaluated, false)
    }

    /// "A surviving child keeps its state object when its parent ran and its initialiser changed":
    /// broken by `stateObjectRemade`, where the new initialiser's object replaces it.
    func testAChildsStateObjectIsKeptAndStateObjectRemadeBreaksIt() throws {
        let counterexample = try XCTUnwrap(try assertProvedAndBroken(Self.stateObjectKept, by: .stateObjectRemade))
        let spec = try SingleLemmaFile.compile(Self.stateObjectKept)
        let child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        let link = try XCTUnwrap(counterexample.histories?.links[child].first)
        XCTAssertTrue(link.holdsStateObject && link.initialiserChanged && !link.keepsStateObject, "\(link)")
    }

    /// "A child declaring k runs when k's value reaching it changed below a skipped parent": broken
    /// by `ownChangeIgnored`; the counterexample's trees give the parent, whose body did not run, the
    /// same change (the value reaching the child is its parent's unless its body wrote another).
    func testADeclaredKeyRunsTheChildAndOwnChangeIgnoredBreaksIt() throws {
        let counterexample = try XCTUnwrap(try assertProvedAndBroken(Self.declaredKeyRunsTheChild, by: .ownChangeIgnored))
        let spec = try SingleLemmaFile.compile(Self.declaredKeyRunsTheChild)
        let links = try XCTUnwrap(counterexample.histories?.links)
        let parent = try XCTUnwrap(spec.paths.firstIndex(of: "p")), child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        XCTAssertEqual(links[child][0].keyChanges, [0])
        XCTAssertEqual(links[parent][0].keyChanges, [0])
        XCTAssertEqual(counterexample.verdicts.first { $0.variable == "q" }?.evaluated, false)
    }

    /// A child's key whose value changed while its parent's did not, below a parent whose body did
    /// not run, is no tree: the write between them is in that body. With the parent's body run (its
    /// value changed), or the parent's key changed too, the trees realize it.
    func testTheReplayRefusesAChildsKeyChangeItsSkippedParentDidNotSee() {
        func observe(parent: ViewLink, child: ViewLink) -> InvalidationReplay.ChainObservation {
            InvalidationReplay.observe([[parent], [child]], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        }
        let child = ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0], keyChanges: [0])
        let skipped = ViewLink(survives: true, parentEvaluated: false, old: [], new: [])
        guard case .notRealized = observe(parent: skipped, child: child) else {
            return XCTFail("a child's key changed below a skipped parent that saw no change")
        }
        var seen = skipped
        seen.keyChanges = [0]
        guard case .realized(_, let observations) = observe(parent: seen, child: child) else { return XCTFail("the parent's change was not handed down") }
        XCTAssertEqual(observations.map { $0[0].view.evaluated }, [false, true])
        let ran = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)])
        var reached = child
        reached.parentEvaluated = true
        guard case .realized = observe(parent: ran, child: reached) else { return XCTFail("a write in a body that ran was refused") }
    }

    /// The false neighbours, refuted by both routes (Z3's counterexamples replayed on trees): a send of the
    /// parent's object, or a change of the parent's key, runs its child, and the proved lemmas under `handWritten`.
    func testTheFalseNeighboursAreRefuted() throws {
        let neighbours = [
            """
            lemma parents_object_runs_the_child {
              summary "x"; source I11; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume observesObject(p, m) && !observesObject(q, m) && !findsObject(q, m) && objectSent(m, after)
              show evaluated(q, after)
            }
            """,
            Self.sendRunsTheObservingChild.replacingOccurrences(of: "invalidation runtime", with: "invalidation handWritten"),
            Self.stateObjectKept.replacingOccurrences(of: "invalidation runtime", with: "invalidation handWritten"),
            """
            lemma parents_key_runs_the_child {
              summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume declaresKey(p, k) && !declaresKey(q, k) && environmentChanged(p, k, after)
              show evaluated(q, after)
            }
            """,
            Self.declaredKeyRunsTheChild.replacingOccurrences(of: "invalidation runtime", with: "invalidation handWritten"),
        ]
        for source in neighbours { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// The lemma's object is one object in every view of the trees, above every object a view's own
    /// properties hold: a parent holding `@ObservedObject model(1)` of its own is not signalled by a
    /// send of the lemma's object that its child observes (numbered per view, both were `model(1)`).
    /// Each view's state object is another object, which the send does not reach either.
    func testTheTreesNumberTheLemmasObjectsAlikeAndEachStateObjectApart() throws {
        let parent = ViewLink(
            survives: true, parentEvaluated: false, old: [.observed(object: 1)], new: [.observed(object: 1)], objectsSent: [0],
            holdsStateObject: true, keepsStateObject: true)
        let child = ViewLink(
            survives: true, parentEvaluated: false, old: [], new: [], observedObjects: [0], objectsSent: [0], holdsStateObject: true,
            keepsStateObject: true)
        let observed = InvalidationReplay.observe(
            [parent, child].map { [$0] }, parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        guard case .realized(let trees, let observations) = observed else { return XCTFail("\(observed)") }
        XCTAssertEqual(observations.map { $0[0].view.evaluated }, [false, true])
        let lemmaObject = trees.objectNumber(0)
        XCTAssertGreaterThan(lemmaObject, 1)
        // The objects each view holds in the later render: the parent's own and its state object, the child's lemma object and its state object.
        let after = try XCTUnwrap(trees.renders.first?.last)
        let views = after.preorder.dropFirst().map { $0.value.properties.compactMap { property -> Int? in
            if case .observed(let object) = property.value { return object }
            return nil
        } }
        XCTAssertEqual(views.count, 2)
        XCTAssertEqual(views[1].first, lemmaObject)
        let stateObjects = [views[0].last, views[1].last].compactMap { $0 }
        XCTAssertEqual(Set(stateObjects).count, 2, "\(views)")
        XCTAssertFalse(stateObjects.contains(lemmaObject) || stateObjects.contains(1), "\(views)")
    }

    /// A send is the object's: views that saw different sends are no trees.
    func testTheReplayRefusesViewsThatSawDifferentSends() {
        let parent = ViewLink(survives: true, parentEvaluated: true, old: [], new: [], observedObjects: [0], objectsSent: [0])
        let child = ViewLink(survives: true, parentEvaluated: true, old: [], new: [], observedObjects: [0], objectsSent: [])
        guard case .notRealized = InvalidationReplay.observe(
            [[parent], [child]], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("views that saw different sends were realized") }
    }

    /// The object, state-object and environment atoms with `childOf` over two renders are accepted,
    /// and a state-object atom with it over three renders beside an environment key (formerly E097,
    /// StateObjectDependencyRendersTests).
    func testMisuse() throws {
        for source in [Self.sendRunsTheObservingChild, Self.stateObjectKept, Self.declaredKeyRunsTheChild] {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        }
        let accepted = [
            """
            lemma state_object_beside_a_key_over_three_renders {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
              assume childOf(q, p)
              assume declaresKey(q, k)
              show keepsStateObject(q, c)
            }
            """,
        ]
        for source in accepted {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        }
    }
}
