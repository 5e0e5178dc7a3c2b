/// A syntax error in a render block, at a 1-based line and column, and its cause.
public struct RenderSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the block is refused, with a stable code: diagnostic E041's `cause` (Lemmas/README.md,
    /// "Diagnostics"), so that tools and tests tell the causes apart without reading the message.
    public enum Cause: String, CaseIterable, Hashable, Sendable {
        /// Not the grammar: an unexpected character or token, a misplaced label or modifier, a name twice, …
        case syntax
        /// An integer literal beyond Int.
        case integerOverflow = "integer-overflow"
        /// Past a limit: nesting 256 deep, 10,000 rows in a range, 10,000 views or ForEach rows per render.
        case limit
        /// A construct the model does not cover (a binding passed down another level, a range not from 0,
        /// a constant-range ForEach in a view tree).
        case unsupported
        /// Undefined behaviour a view tree cannot hold (a ForEach repeating a key, R8).
        case undefinedBehaviour = "undefined-behaviour"
        /// An invalidation render that is not one custom view, the root, outside any construct.
        case invalidationRoot = "invalidation-root"
        /// The parser's own fault.
        case internalError = "internal-error"
    }

    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String
    public var cause: Cause

    /// Creates an error.
    public init(line: Int, column: Int, message: String, cause: Cause = .syntax) {
        self.line = line
        self.column = column
        self.message = message
        self.cause = cause
    }

    public var description: String { "\(line):\(column): \(message)" }
}
