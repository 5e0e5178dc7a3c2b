/// When a view's custom `==` is used without `.equatable()` (I2).
public enum CustomEqualityRule: String, Hashable, Sendable {
    /// `equatableUnlessPOD`: a POD view is compared field by field, a non-POD `Equatable` view by
    /// its `==` (the AttributeGraph compatibility tests, seed 003 Part II).
    case unlessPOD
    /// The design reading (docs/invalidation.md I2): a custom `==` is ignored unless `.equatable()` is applied.
    case onlyEquatableView
}
