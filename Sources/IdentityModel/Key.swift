/// A `ForEach` key or an `.id(_:)` value.
public enum Key: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    case int(Int)
    case string(String)

    public init(integerLiteral value: Int) { self = .int(value) }

    public init(stringLiteral value: String) { self = .string(value) }

    public static func < (lhs: Key, rhs: Key) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): return a < b
        case let (.string(a), .string(b)): return a < b
        case (.int, .string): return true
        case (.string, .int): return false
        }
    }

    /// The key as written in source: `3` or `"abby"`.
    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }
}
