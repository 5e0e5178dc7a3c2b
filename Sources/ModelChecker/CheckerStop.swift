/// Why a checker walk stopped before its last case: its budget (`WalkBudget`) ran out. Each case
/// has a stable `code` that reports carry.
package enum CheckerStop: Hashable, Sendable {
    /// The walk examined its first `limit` cases, in its order, and more were left.
    case caseLimit(limit: Int)
    /// The wall-clock backstop (`seconds`) stopped the walk; the first `examined` cases in its order
    /// were examined.
    case timeLimit(seconds: Double, examined: Int)

    /// The cases examined, the first in the walk's order: nothing after them was.
    package var examined: Int {
        switch self {
        case .caseLimit(let limit): return limit
        case .timeLimit(_, let examined): return examined
        }
    }

    /// The stable code reports carry.
    package var code: String {
        switch self {
        case .caseLimit: return "checker-case-limit"
        case .timeLimit: return "checker-time-limit"
        }
    }
}
