/// How a struct-valued stored property with its own `==` is compared (I3).
public enum NestedEquality: String, CaseIterable, Hashable, Sendable {
    /// Bit by bit, field by field, its `==` ignored (the model before issue 23).
    case bitwise
    /// A POD struct bit by bit (its `==` ignored), a non-POD struct by its own `==`, as OpenSwiftUI
    /// executed headlessly does (issue 28).
    case equatableUnlessPOD
}
