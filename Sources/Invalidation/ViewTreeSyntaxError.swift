/// A syntax error in a view tree (an invalidation scenario's render block), at a 1-based line and
/// column of the file the block was written in.
public struct ViewTreeSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}
