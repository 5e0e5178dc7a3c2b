/// The comparison operators; the ordering ones apply to Int (and index) values only.
package enum ComparisonOperator: String, CaseIterable, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="

    /// Whether this is `<`, `<=`, `>` or `>=`.
    package var isOrdering: Bool { self != .equal && self != .notEqual }

    /// The operator written as `mark`, if it is a comparison.
    init?(_ mark: Punctuation) {
        switch mark {
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        default: return nil
        }
    }
}
