/// What `AnyView(AnyView(v))` is (R5).
public enum NestedAnyViewRule: String, Hashable, Sendable {
    /// `AnyView.init` unwraps an `AnyView` argument: `AnyView(AnyView(v))` is one `AnyView` erasing
    /// `v`'s type (OpenSwiftUI `View/DynamicView/AnyView.swift`, `AnyView.init(_:)`; observed with
    /// OpenSwiftUI executed headlessly, issue 28).
    case unwrapped
    /// Each `AnyView` is a layer of its own: the outer one erases the type `AnyView` (the model before
    /// the evidence, kept as the rule set `anyViewLayered`).
    case layered
}
