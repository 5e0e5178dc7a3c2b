import IdentityModel
import LemmaLogic

/// A `ForEach` row in the dependency walks through a parent (`rowOf`): the walks enumerate a child
/// below each parent history, and a row is that child with every key kept or not and move at each
/// transition that its survival allows.
extension InvalidationBoundedRoute {
    /// What the walks through a parent add for a row, in words.
    static let rowPlacementDomain = "; for a row of a ForEach in the parent's body (rowOf), each child history with every key "
        + "kept or not and move (\(InvalidationChainDomain.rowChanges.count)) at each transition that R8 gives its survival"

    /// What the walks through a parent over two renders add for two rows of one `ForEach`, in words.
    static let rowPairDomain = "; for two rows of the ForEach in the parent's body (two rowOf of one parent, 2 renders), every "
        + "pair of those row histories of one content (the same ==, @State, declared keys and state object at each transition)"

    /// Every pair of `rows` (each a row's history below one parent) that one `ForEach` can hold
    /// beside each other, the first row's outer: rows of one content closure are of one type, so they
    /// declare the same `@State`, `==`, environment keys and state object (whether the closure writes
    /// an override on them is the trees', `EnvironmentReach`, which gives it to both or neither).
    static func rowPairs(_ rows: [[ViewLink]]) -> [[[ViewLink]]] {
        rows.flatMap { first in
            rows.filter { second in
                zip(first, second).allSatisfy { one, other in
                    one.equality == other.equality && one.equatable == other.equatable && one.hasState == other.hasState
                        && one.declaredKeys == other.declaredKeys && one.holdsStateObject == other.holdsStateObject
                }
            }.map { [first, $0] }
        }
    }

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
