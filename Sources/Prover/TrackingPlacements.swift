import LemmaLogic

/// The candidates the parent-tracking walks (`runParentTracking`, `runParentDependencyTracking`)
/// make of one child history below one parent, before the child's first tracking and its reads
/// are chosen: the history's placements (`InvalidationBoundedRoute.placements`, which read neither)
/// and what of each candidate those choices cannot change, so that the walks decide it once per
/// placement rather than once per candidate. A candidate is a placement with its first link's
/// tracking and every link's reads set (`child`).
/// - Whether a tree can give it (`realizable(initial:)`): `ViewLink.isRealizable` and
///   `isWellFormed` read a tracking (a new identity has tracked nothing) but no reads.
/// - Whether its links falsify an assumption that reads no tracking and no reads
///   (`LinkAssumptions.trackingFree`; `excluded`): then they falsify it whatever is chosen, and
///   `LinkAssumptions.excludeBeforeCarrying`, which asks every carry-free conjunct, leaves the
///   candidate out.
/// The walks still admit and count every candidate in their order (`WalkMeter`, `Tally`).
struct TrackingPlacements {
    /// The placements, each with no tracking and no reads.
    private let placed: [[ViewLink]]
    /// Per placement, whether an assumption reading neither tracking nor reads is false of it.
    let excluded: [Bool]
    /// Whether a tree can give a link (the walk's own test).
    private let linkIsRealizable: (ViewLink) -> Bool

    /// The placements of `child` below `parent` (the lemma's paths `order`) under `lemma`;
    /// `linkIsRealizable` is the walk's test of each link.
    init(
        of child: [ViewLink], below parent: [ViewLink], lemma: InvalidationLemmaSpec, order: [Int], assumptions: LinkAssumptions,
        linkIsRealizable: @escaping (ViewLink) -> Bool
    ) {
        placed = InvalidationBoundedRoute.placements(of: Self.tracking(child, initial: [], reads: nil), below: parent, lemma: lemma, order: order)
        excluded = placed.map { placement in
            assumptions.excludeWhateverTracking(histories: InvalidationBoundedRoute.pair(parent: parent, child: placement, order: order))
        }
        self.linkIsRealizable = linkIsRealizable
    }

    /// The placements' indices, in the walk's order.
    var indices: Range<Int> { placed.indices }

    /// Per placement, whether a tree can give every link once the first tracks `initial`.
    func realizable(initial: Set<Int>) -> [Bool] {
        placed.map { Self.tracking($0, initial: initial, reads: nil).allSatisfy(linkIsRealizable) }
    }

    /// Placement `index` tracking `initial` before the first transition (none later: the carry
    /// derives those) and reading `reads` at each transition.
    func child(_ index: Int, initial: Set<Int>, reads: [Set<Int>]) -> [ViewLink] {
        Self.tracking(placed[index], initial: initial, reads: reads)
    }

    /// `history` with its first link tracking `initial` and every later one nothing, reading
    /// `reads` at each transition (none when `nil`).
    private static func tracking(_ history: [ViewLink], initial: Set<Int>, reads: [Set<Int>]?) -> [ViewLink] {
        history.indices.map { transition in
            var link = history[transition]
            link.tracked = transition == 0 ? initial : []
            link.reads = reads?[transition] ?? []
            return link
        }
    }
}
