/// How `.equatable()`/`EquatableView` compares a view (I4; docs/invalidation.md, I4).
public enum EquatableViewComparison: String, Hashable, Sendable, CaseIterable {
    /// Seed 003's guarantee: the view's `==` decides, whatever its fields are.
    case byEquality
    /// The parent's body output (`EquatableView<V>`) is compared first by the body rule's default
    /// `.equatableUnlessPOD`: a POD view whose fields are all unchanged compares equal without its
    /// `==`, which decides only once the bits differ (`EquatableView.Child`, `.equatableAlways`).
    case podBitsFirst
}
