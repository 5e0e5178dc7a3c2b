import Invalidation
import LemmaLanguage
import LemmaLogic
import XCTest

@testable import Prover

/// `@Observable` tracking through a parent (`childOf(q, p)` with `readsProperty`, `bodyReads`,
/// `propertyChanged`; docs/invalidation.md, I8 "Through a parent"): each body's tracking is its own,
/// the object's changes every view's, the child's evaluation decided with its parent's verdict. The
/// proved lemmas of `parent-dependencies.lemma` broken by their mutants on both routes, the false
/// neighbours refuted by both, the replay refusing a child's tracking that is not the registrar's
/// (a parent's read handed to its child included), and the checker saying where it stops.
final class ParentTrackingTests: XCTestCase {
    static let childRunsBelowASkippedParent = """
        lemma child_runs {
          summary "x"; source I8; rules runtime; invalidation runtime; expect holds
          forall p: path in after, q: path in after
          assume !revived(p, after) && !revived(q, after)
          assume childOf(q, p)
          assume readsProperty(q, a) && propertyChanged(a, after) && !evaluated(p, after)
          show evaluated(q, after)
        }
        """

    static let rerunChildKeepsItsTracking = """
        lemma rerun_child_keeps {
          summary "x"; source I8; rules runtime; invalidation runtime; expect holds
          renders r1, r2, r3
          forall p: path in r3, q: path in r3
          assume !revived(p, r2) && !revived(p, r3) && !revived(q, r2) && !revived(q, r3)
          assume childOf(q, p)
          assume readsProperty(q, a, r2) && !propertyChanged(a, r2)
          assume evaluated(p, r2) && evaluated(q, r2) && !bodyReads(q, a, r2) && rendered(q, r2)
          assume propertyChanged(a, r3) && !evaluated(p, r3)
          show evaluated(q, r3)
        }
        """

    /// "A child whose tracking holds a runs when a changes below a skipped parent": proved
    /// unbounded; under `ownChangeIgnored` both routes refute it, the child skipped with its parent.
    func testAChildsTrackedChangeIsProvedAndOwnChangeIgnoredBreaksIt() throws {
        let broken = try SingleLemmaFile.assertProvedAndBroken(Self.childRunsBelowASkippedParent, by: .ownChangeIgnored)
        let counterexample = try XCTUnwrap(broken?.counterexample)
        let child = try XCTUnwrap(counterexample.verdicts.first { $0.variable == "q" })
        XCTAssertFalse(child.evaluated)
        XCTAssertEqual(child.parentEvaluated, false)
        XCTAssertTrue(child.survives)
    }

    /// "A parent whose tracking holds a runs, and its unchanged POD child that did not track a is
    /// skipped": proved unbounded, broken by `ownChangeIgnored` (the parent no longer runs).
    func testAParentsTrackingRunsTheParentAloneAndOwnChangeIgnoredBreaksIt() throws {
        let source = """
            lemma parent_runs {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
              forall p: path in after, q: path in after
              assume !revived(p, after) && !revived(q, after)
              assume childOf(q, p)
              assume readsProperty(p, a) && !readsProperty(q, a) && propertyChanged(a, after)
              assume rendered(q, before) && q.pod == true && sameValues(q, after) && !signalled(q, after)
              show evaluated(p, after) && !evaluated(q, after)
            }
            """
        let broken = try SingleLemmaFile.assertProvedAndBroken(source, by: .ownChangeIgnored)
        let counterexample = try XCTUnwrap(broken?.counterexample)
        XCTAssertEqual(counterexample.verdicts.first { $0.variable == "p" }?.evaluated, false)
    }

    /// Over three renders: a child re-run at render 2 without reading a still tracks the a it held
    /// (nothing fired), so a change of a runs it below a skipped parent; proved unbounded, and under
    /// `trackingReplacedEachEvaluation` both routes refute it on trees where the re-run replaced it.
    func testARerunChildKeepsItsTrackingAndTrackingReplacedBreaksIt() throws {
        let broken = try SingleLemmaFile.assertProvedAndBroken(Self.rerunChildKeepsItsTracking, by: .trackingReplacedEachEvaluation)
        let counterexample = try XCTUnwrap(broken?.counterexample)
        let histories = try XCTUnwrap(counterexample.histories)
        let spec = try XCTUnwrap(broken?.spec)
        let child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        XCTAssertEqual(histories.links[child][0].tracked, [0])
        XCTAssertEqual(histories.links[child][1].tracked, [], "the re-run replaced the child's tracking under the mutant")
    }

    /// The false neighbours: the parent's read running the child, another property running it,
    /// `handWritten`, and a tracking that fired before the child's re-run.
    func testTheFalseNeighboursAreRefutedByBothRoutes() throws {
        let neighbours = [
            """
            lemma parent_read_runs_the_child {
              summary "x"; source I8; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume readsProperty(p, a) && !readsProperty(q, a) && propertyChanged(a, after)
              show evaluated(q, after)
            }
            """,
            """
            lemma another_property {
              summary "x"; source I8; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume readsProperty(q, b) && !readsProperty(q, a) && propertyChanged(a, after) && !propertyChanged(b, after)
              assume !evaluated(p, after)
              show evaluated(q, after)
            }
            """,
            Self.childRunsBelowASkippedParent.replacingOccurrences(of: "invalidation runtime", with: "invalidation handWritten"),
            Self.rerunChildKeepsItsTracking.replacingOccurrences(of: " && !propertyChanged(a, r2)", with: ""),
        ]
        for source in neighbours { try SingleLemmaFile.assertRefutedByBothRoutes(source) }
    }

    /// The replay derives each tracking after the first link from what the trees did, per body: a
    /// child whose tracking fired keeps nothing its re-run did not read, and what its parent read
    /// is not the child's. The same histories with the registrar's trackings are realized.
    func testTheReplayRefusesAChildsTrackingThatIsNotTheRegistrars() throws {
        let spec = try SingleLemmaFile.compile(Self.rerunChildKeepsItsTracking)
        let parent = try XCTUnwrap(spec.paths.firstIndex(of: "p"))
        let child = try XCTUnwrap(spec.paths.firstIndex(of: "q"))
        func observe(parent parentLinks: [ViewLink], child childLinks: [ViewLink]) -> InvalidationReplay.ChainObservation {
            var histories: [[ViewLink]] = [[], []]
            histories[parent] = parentLinks
            histories[child] = childLinks
            return InvalidationReplay.observe(histories, of: spec)
        }
        // The parent runs at the first transition (its value changed) and not at the second.
        func parentLinks(reads: Set<Int>, changes: [Set<Int>]) -> [ViewLink] {
            [
                ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)], reads: reads, propertyChanges: changes[0]),
                ViewLink(
                    survives: true, parentEvaluated: false, old: [.plain(1)], new: [.plain(1)], tracked: reads, propertyChanges: changes[1]),
            ]
        }
        func childLinks(first: Set<Int>, second: Set<Int>, changes: [Set<Int>]) -> [ViewLink] {
            [
                ViewLink(survives: true, parentEvaluated: true, old: [], new: [], tracked: first, propertyChanges: changes[0]),
                ViewLink(survives: true, parentEvaluated: false, old: [], new: [], tracked: second, propertyChanges: changes[1]),
            ]
        }
        // a changed before r2: the child's tracking fired and its re-run read nothing.
        let fired: [Set<Int>] = [[0], [0]]
        guard case .notRealized = observe(parent: parentLinks(reads: [], changes: fired), child: childLinks(first: [0], second: [0], changes: fired))
        else { return XCTFail("a fired tracking was kept") }
        guard case .realized = observe(parent: parentLinks(reads: [], changes: fired), child: childLinks(first: [0], second: [], changes: fired))
        else { return XCTFail("the registrar's tracking was not realized") }
        // The parent read a at r2 and tracks it; the child (unchanged, compared equal, skipped) tracks nothing.
        let quiet: [Set<Int>] = [[], []]
        guard case .notRealized = observe(parent: parentLinks(reads: [0], changes: quiet), child: childLinks(first: [], second: [0], changes: quiet))
        else { return XCTFail("the parent's read was handed to its child's tracking") }
        guard case .realized(_, let observations) = observe(
            parent: parentLinks(reads: [0], changes: quiet), child: childLinks(first: [], second: [], changes: quiet))
        else { return XCTFail("the registrar's tracking was not realized") }
        XCTAssertEqual(observations[child].map(\.view.evaluated), [false, false])
    }

    /// Beyond its domain (three renders and two properties) the checker enumerates nothing and says
    /// so; Z3 still proves the lemma.
    func testBeyondItsDomainTheCheckerSaysItDidNotEnumerate() throws {
        let source = Self.rerunChildKeepsItsTracking.replacingOccurrences(
            of: "assume propertyChanged(a, r3)", with: "assume !propertyChanged(b, r2) && propertyChanged(a, r3)")
        let spec = try SingleLemmaFile.compile(source)
        XCTAssertEqual(spec.observableProperties.count, 2)
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec)
        guard case .inapplicable = checked.answer else { return XCTFail("the checker answered \(checked.answer)") }
        XCTAssertEqual(checked.cases, 0)
        let report = try SingleLemmaFile.run(source)
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
    }

    /// The tracking atoms with `childOf`, refused with E097 before issue 21, are accepted over two
    /// and three renders.
    func testTrackingAtomsWithChildOfAreAccepted() throws {
        for source in [Self.childRunsBelowASkippedParent, Self.rerunChildKeepsItsTracking] {
            let diagnostics = try SingleLemmaFile.load(source)
            XCTAssertFalse(diagnostics.contains(where: \.isError), "\(diagnostics)")
        }
    }
}
