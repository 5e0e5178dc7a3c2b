/// A checked step index: `i`, `i + 1`, `i - 2` or a literal `0`.
package struct IndexExpression: Hashable, Sendable, CustomStringConvertible {
    /// The bound index variable, or `nil` for a literal index.
    package var variable: String?
    /// Added to the variable (or the literal value itself).
    package var offset: Int

    /// The largest magnitude an offset may have, 2^31 (E062): far beyond any path or view, and small
    /// enough that an index variable plus the offset never overflows Int.
    package static let maximumOffset = 1 << 31

    /// The diagnostic for an offset `amount` written at `location` beyond `maximumOffset`, or `nil`.
    static func offsetTooLarge(_ amount: Int, at location: SourceLocation) -> Diagnostic? {
        guard amount.magnitude > UInt(maximumOffset) else { return nil }
        return Diagnostic(
            .indexOffsetTooLarge,
            "index offset \(amount) is too large: an offset's magnitude must be at most 2147483648 (2^31)",
            at: location)
    }

    /// Creates an index expression.
    package init(variable: String?, offset: Int) {
        self.variable = variable
        self.offset = offset
    }

    /// `i`, `i + 1`, `i - 1`, `0`.
    package var description: String {
        guard let variable else { return "\(offset)" }
        if offset == 0 { return variable }
        return offset > 0 ? "\(variable) + \(offset)" : "\(variable) - \(-offset)"
    }
}
