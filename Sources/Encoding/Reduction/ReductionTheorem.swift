/// One of the theorems that together reduce identities in render trees to identities on paths
/// (docs/model.md "From paths to every tree", Proofs/README.md). Each is proved by induction, one `Obligation` per case.
package enum ReductionTheorem: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// A node's tree identity is the pointwise map of the rules over the steps of its path.
    case locality
    /// `mapE` is pointwise: the path level's identity function `identity(i) = E(step(i))`.
    case mapPointwise
    /// A child's local element does not depend on its siblings.
    case siblingIndependence
    /// Different ancestor identities give different descendant identities.
    case prefixClosure

    /// The first part of the ids of this theorem's obligations, e.g. `map.pointwise`.
    package var idPrefix: String {
        switch self {
        case .locality: return "locality"
        case .mapPointwise: return "map.pointwise"
        case .siblingIndependence: return "siblings"
        case .prefixClosure: return "prefix"
        }
    }

    /// The theorem, in the notation of the obligations' SMT-LIB scripts.
    package var statement: String {
        switch self {
        case .locality:
            return "for every leaf address a of n: tid(n, a, pre) = pre ++ mapE(steps(n, a)) ++ [Type(leafAt(n, a))]"
        case .mapPointwise:
            return "len(mapE(s)) = len(s) and nth(mapE(s), i) = E(nth(s, i)) for 0 <= i < len(s)"
        case .siblingIndependence:
            return "a tuple or ForEach child's element depends on its slot or key and itself, not on its siblings"
        case .prefixClosure:
            return "len(pre1) = len(pre2) and pre1 != pre2 imply tid(n, a, pre1) != tid(n, a, pre2)"
        }
    }

    package var description: String { idPrefix }
}
