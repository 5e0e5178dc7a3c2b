/// How far a `proved` verdict reaches.
package enum Scope: Hashable, Sendable, CustomStringConvertible {
    /// For every depth and branching: unsat at the path level, carried to trees by the reduction,
    /// every obligation of which was proved under the lemma's rules.
    case unbounded
    /// Only for what `BoundedScope` names, said exactly.
    case bounded(BoundedScope)

    package var description: String {
        switch self {
        case .unbounded: return "unbounded"
        case .bounded(let bounded): return "bounded (\(bounded))"
        }
    }
}

/// What a bounded proof covers. Only Z3 proves, bounded or not: the explicit-state checker's
/// exhaustion covers the small vocabulary it enumerates (a few types, keys and values), so a false
/// lemma can pass it, and it is reported as no counterexample found, never as a proof.
package enum BoundedScope: Hashable, Sendable, CustomStringConvertible {
    /// Every choice of paths with at most `steps` steps each, every value of every field, by Z3 at
    /// the path level, carried to trees by the reduction.
    case pathLength(steps: Int)

    package var description: String {
        switch self {
        case .pathLength(let steps): return "paths of at most \(steps) steps, by z3"
        }
    }

    /// A few words for a report's one-line summary; `description` says all.
    package var brief: String {
        switch self {
        case .pathLength(let steps): return "paths of at most \(steps) steps"
        }
    }
}

/// A bound on trees: how deep and how wide.
package struct Bound: Hashable, Sendable, CustomStringConvertible {
    package var depth: Int
    package var branching: Int

    /// Creates a bound.
    package init(depth: Int, branching: Int) {
        self.depth = depth
        self.branching = branching
    }

    /// Whether every tree within `self` is within `other`.
    package func isWithin(_ other: Bound) -> Bool { depth <= other.depth && branching <= other.branching }

    package var description: String { "depth \(depth), branching \(branching)" }
}
