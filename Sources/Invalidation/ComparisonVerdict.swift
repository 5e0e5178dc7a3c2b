/// The outcome of comparing a view's new value with its old one.
public enum ComparisonVerdict: Hashable, Sendable, CustomStringConvertible {
    /// Equal: the body need not run.
    case equal
    /// Different, first at this stored property.
    case differentAt(String)
    /// The custom `==` returned `false` (an always-false `==`).
    case customEqualitySaidDifferent

    /// Whether the comparison said equal.
    public var isEqual: Bool { self == .equal }

    public var description: String {
        switch self {
        case .equal: return "equal"
        case .differentAt(let property): return "different at \(property)"
        case .customEqualitySaidDifferent: return "== returned false"
        }
    }
}
