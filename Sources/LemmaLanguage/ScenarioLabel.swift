/// A view label in a scenario: `top`, `row[3]`, `row["Buy bread"]`, `cell[1][2]`.
package struct ScenarioLabel: Hashable, Sendable, CustomStringConvertible {
    /// A ForEach key suffix.
    package enum Key: Hashable, Sendable, CustomStringConvertible {
        case integer(Int)
        case string(String)

        /// `3` or `"Buy bread"`.
        package var description: String {
            switch self {
            case .integer(let value): return "\(value)"
            case .string(let value): return StringLiteral.quoted(value)
            }
        }
    }

    /// The name written after `@` in the render block.
    package var name: String
    /// The `[key]` suffixes, outermost ForEach first.
    package var keys: [Key]
    /// Where the label was written.
    package var range: SourceRange

    /// Creates a label.
    package init(name: String, keys: [Key] = [], range: SourceRange) {
        self.name = name
        self.keys = keys
        self.range = range
    }

    /// `row[3]`, `row["Buy bread"]`.
    package var description: String { name + keys.map { "[\($0)]" }.joined() }
}
