import IdentityModel
import LemmaLogic

/// A `ForEach` row in the dependency walks through a parent (`rowOf`): the walks enumerate a child
/// below each parent history, and a row is that child with every key kept or not and move at each
/// transition that its survival allows.
extension InvalidationBoundedRoute {
    /// What the walks through a parent add for a row, in words.
    static let rowPlacementDomain = "; for a row of a ForEach in the parent's body (rowOf), each child history with every key "
        + "kept or not and move (\(InvalidationChainDomain.rowChanges.count)) at each transition that R8 gives its survival"

    /// `child`, the walk's child below `parent` (canonical paths 1 and 0, the lemma's `order`), as
    /// the lemma places it: itself for `childOf`; for a row (`rowOf`) once per sequence of
    /// `InvalidationChainDomain.rowChanges`, keeping only those whose survival R8 gives (`survives ⇔
    /// parent survives ∧ key kept`) where the identity rules identify a row by its key; under a mutant
    /// of R8 every sequence, the trees deciding. A moved row or a new key below a skipped parent is
    /// left to `ViewLink.isRealizable`, which the walks ask next.
    static func placements(of child: [ViewLink], below parent: [ViewLink], lemma: InvalidationLemmaSpec, order: [Int]) -> [[ViewLink]] {
        guard lemma.rows.contains(order[1]) else { return [child] }
        let byKey = RowChange.identifiedByKey(under: lemma.identityRules)
        let changes = sequences(child.count) { transition in
            InvalidationChainDomain.rowChanges.filter { !byKey || child[transition].survives == (parent[transition].survives && $0.keyKept) }
        }
        return changes.map { changes in
            zip(child, changes).map { link, change in
                var link = link
                link.row = change
                return link
            }
        }
    }
}
