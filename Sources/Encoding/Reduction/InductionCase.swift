import IdentityModel

/// The case of an induction an `Obligation` discharges.
package enum InductionCase: Hashable, Sendable, CustomStringConvertible {
    /// The base case: a `Leaf` at the empty address (tree induction) or the empty sequence.
    case base
    /// The step through one construct of the tree: the node built by this construct, given the
    /// induction hypothesis for the child it passes to.
    case construct(StepKind)
    /// The step from a sequence `s` to `unit(x) ++ s` (induction on the length of a step sequence).
    case prepend

    /// The last part of an obligation's id: `base`, the construct, or `step`.
    package var idSuffix: String {
        switch self {
        case .base: return "base"
        case .construct(let kind): return kind.rawValue
        case .prepend: return "step"
        }
    }

    package var description: String { idSuffix }
}
