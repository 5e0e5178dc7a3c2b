/// A checked step index: `i`, `i + 1`, `i - 2` or a literal `0`.
public struct IndexExpression: Hashable, Sendable, CustomStringConvertible {
    /// The bound index variable, or `nil` for a literal index.
    public var variable: String?
    /// Added to the variable (or the literal value itself).
    public var offset: Int

    /// Creates an index expression.
    public init(variable: String?, offset: Int) {
        self.variable = variable
        self.offset = offset
    }

    /// `i`, `i + 1`, `i - 1`, `0`.
    public var description: String {
        guard let variable else { return "\(offset)" }
        if offset == 0 { return variable }
        return offset > 0 ? "\(variable) + \(offset)" : "\(variable) - \(-offset)"
    }
}
