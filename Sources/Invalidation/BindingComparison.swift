/// How a located binding (`$x`, key path) compares (I6).
public enum BindingComparison: String, Hashable, Sendable {
    /// `Binding` stores `_value` beside its location: both must be unchanged.
    case locationAndValue
    /// Seed 003: only the location ("underlying storage") is compared.
    case locationOnly
}
