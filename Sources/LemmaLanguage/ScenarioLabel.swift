/// A view label in a scenario: `top`, `row[3]`, `row["Buy bread"]`, `cell[1][2]`.
public struct ScenarioLabel: Hashable, Sendable, CustomStringConvertible {
    /// A ForEach key suffix.
    public enum Key: Hashable, Sendable, CustomStringConvertible {
        case integer(Int)
        case string(String)

        /// `3` or `"Buy bread"`.
        public var description: String {
            switch self {
            case .integer(let value): return "\(value)"
            case .string(let value): return StringLiteral.quoted(value)
            }
        }
    }

    /// The name written after `@` in the render block.
    public var name: String
    /// The `[key]` suffixes, outermost ForEach first.
    public var keys: [Key]
    /// Where the label was written.
    public var range: SourceRange

    /// Creates a label.
    public init(name: String, keys: [Key] = [], range: SourceRange) {
        self.name = name
        self.keys = keys
        self.range = range
    }

    /// `row[3]`, `row["Buy bread"]`.
    public var description: String { name + keys.map { "[\($0)]" }.joined() }
}
