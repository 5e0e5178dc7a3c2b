/// A value parsed from a lemma file, together with the span it was written at.
package struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The parsed value.
    package var value: Value
    /// Where it was written.
    package var range: SourceRange

    /// Creates a located value.
    package init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}
