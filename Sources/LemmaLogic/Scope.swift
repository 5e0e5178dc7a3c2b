/// How far a verdict reaches.
public enum Scope: Hashable, Sendable, CustomStringConvertible {
    /// For every depth and branching: proved at the path level, carried to trees by the reduction.
    case unbounded
    /// Only for trees within the bound, by exhaustive enumeration.
    case bounded(Bound)

    public var description: String {
        switch self {
        case .unbounded: return "unbounded"
        case .bounded(let bound): return "bounded (\(bound))"
        }
    }
}

/// A bound on trees: how deep and how wide.
public struct Bound: Hashable, Sendable, CustomStringConvertible {
    public var depth: Int
    public var branching: Int

    /// Creates a bound.
    public init(depth: Int, branching: Int) {
        self.depth = depth
        self.branching = branching
    }

    /// Whether every tree within `self` is within `other`.
    public func isWithin(_ other: Bound) -> Bool { depth <= other.depth && branching <= other.branching }

    public var description: String { "depth \(depth), branching \(branching)" }
}
