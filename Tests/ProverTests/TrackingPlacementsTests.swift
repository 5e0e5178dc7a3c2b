import LemmaLogic
import XCTest

@testable import Prover

/// The parent-tracking walks decide once per placement what a candidate's first tracking and reads
/// cannot change (`TrackingPlacements`, issue 27). These tests hold it to the walks' candidates as
/// they were built before: per choice of tracking and reads, the placements of the child with them
/// (`InvalidationBoundedRoute.placements`), each tested on its own links.
final class TrackingPlacementsTests: XCTestCase {
    /// A row over three renders whose assumptions read the first tracking (`readsProperty` at r2),
    /// the reads (`bodyReads`, which no placement without reads satisfies), the parent's change and
    /// the row's key (which only some placements satisfy).
    private static let source = """
        lemma placements {
          summary "x"; source I8; rules runtime; invalidation runtime; expect holds
          renders r1, r2, r3
          forall p: path in r3, q: path in r3
          assume rowOf(q, p)
          assume readsProperty(q, a, r2) && bodyReads(q, a, r2) && propertyChanged(a, r3) && keyKept(q, r2)
          show evaluated(q, r3)
        }
        """

    /// Every candidate is the one built before from its choices alone (nothing of another choice
    /// leaks into it), realizable exactly when it was, and left out only where
    /// `excludeBeforeCarrying` left it out; each kind of answer occurs.
    func testEachCandidateIsTheOneBuiltFromItsOwnChoices() throws {
        let lemma = try SingleLemmaFile.compile(Self.source)
        let (_, order) = try XCTUnwrap(InvalidationChainDomain.shape(of: lemma))
        let assumptions = LinkAssumptions(lemma)
        XCTAssertFalse(assumptions.trackingFree.isEmpty)
        XCTAssertLessThan(assumptions.trackingFree.count, assumptions.carryFree.count, "readsProperty at r2 is carry-free, not tracking-free")
        let subsets = InvalidationBoundedRoute.subsets(1)
        let reads = InvalidationBoundedRoute.sequences(2) { _ in subsets }
        let linkIsRealizable = { (link: ViewLink) in link.isWellFormed && link.isRealizable(under: lemma.rules) }
        var seen = (unrealizable: 0, excluded: 0, kept: 0)
        for parentChanges in [[[], [0]], [[0], []]] as [[Set<Int>]] {
            for parentSurvives in [true, false] {
                let parent = (0..<2).map { transition in
                    ViewLink(
                        survives: transition == 0 ? parentSurvives : true, parentEvaluated: true, old: [.plain(transition)],
                        new: [.plain(transition + 1)], propertyChanges: parentChanges[transition])
                }
                for survives in [[true, true], [false, true], [true, false]] {
                    let child = (0..<2).map { transition in
                        ViewLink(
                            survives: survives[transition], parentEvaluated: transition == 0 || survives[0], old: [], new: [],
                            propertyChanges: parentChanges[transition])
                    }
                    let placements = TrackingPlacements(
                        of: child, below: parent, lemma: lemma, order: order, assumptions: assumptions, linkIsRealizable: linkIsRealizable)
                    var candidates: [[ViewLink]] = []
                    for initial in subsets {
                        let realizable = placements.realizable(initial: initial)
                        for read in reads {
                            let made = child.indices.map { transition in
                                var link = child[transition]
                                link.tracked = transition == 0 ? initial : []
                                link.reads = read[transition]
                                return link
                            }
                            let before = InvalidationBoundedRoute.placements(of: made, below: parent, lemma: lemma, order: order)
                            XCTAssertEqual(Array(placements.indices), Array(before.indices))
                            for (index, expected) in before.enumerated() {
                                let candidate = placements.child(index, initial: initial, reads: read)
                                XCTAssertEqual(candidate, expected, "initial \(initial), reads \(read), placement \(index)")
                                candidates.append(candidate)
                                XCTAssertEqual(realizable[index], expected.allSatisfy(linkIsRealizable), "\(expected)")
                                guard realizable[index] else {
                                    seen.unrealizable += 1
                                    continue
                                }
                                let histories = InvalidationBoundedRoute.pair(parent: parent, child: expected, order: order)
                                if placements.excluded[index] {
                                    seen.excluded += 1
                                    XCTAssertTrue(assumptions.excludeBeforeCarrying(histories: histories), "left out wrongly: \(histories)")
                                } else if !assumptions.excludeBeforeCarrying(histories: histories) {
                                    seen.kept += 1
                                }
                            }
                        }
                    }
                    XCTAssertEqual(Set(candidates).count, candidates.count, "two choices below one parent made one candidate")
                }
            }
        }
        XCTAssertGreaterThan(seen.unrealizable, 0)
        XCTAssertGreaterThan(seen.excluded, 0)
        XCTAssertGreaterThan(seen.kept, 0, "no candidate satisfies the assumptions: the test says nothing of the kept ones")
    }

    /// What leaves a placement out whatever its tracking and reads: no conjunct reading either.
    func testOnlyConjunctsReadingNeitherTrackingNorReadsAreTrackingFree() {
        let tracks = InvalidationFormula.tracks(1, property: 0, transition: 0)
        let reads = InvalidationFormula.bodyReads(1, property: 0, transition: 1)
        let kept = InvalidationFormula.keyKept(1, transition: 0)
        XCTAssertTrue(LinkAssumptions.readsTrackingOrReads(.not(reads)))
        XCTAssertTrue(LinkAssumptions.readsTrackingOrReads(.implies(kept, tracks)))
        XCTAssertTrue(LinkAssumptions.readsTrackingOrReads(.or([kept, .not(reads)])))
        XCTAssertFalse(LinkAssumptions.readsTrackingOrReads(.and([kept, .propertyChanged(property: 0, transition: 1)])))
    }
}
