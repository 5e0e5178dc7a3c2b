/// A value parsed from a lemma file, together with the span it was written at.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The parsed value.
    public var value: Value
    /// Where it was written.
    public var range: SourceRange

    /// Creates a located value.
    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}
