/// A view's `Equatable` conformance with a custom `==`.
public enum CustomEquality: Hashable, Sendable {
    /// `==` compares what these readings read, and nothing else.
    case reads([EqualityReading])
    /// `==` always returns `true`.
    case alwaysTrue
    /// `==` always returns `false`.
    case alwaysFalse
}
