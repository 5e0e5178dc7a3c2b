/// Whether a view value's `@State` initial value takes part in its field-by-field comparison (I3;
/// docs/invalidation.md, I3 "The State's initial value").
public enum StateInitialValueRule: String, Hashable, Sendable, CaseIterable {
    /// Left out: the comparison sees only the other stored properties.
    case ignored
    /// Compared like plain data: `State(initialValue:)` stores it in the view value's `_value`
    /// field, an ordinary stored field of the `State` struct.
    case compared
}
