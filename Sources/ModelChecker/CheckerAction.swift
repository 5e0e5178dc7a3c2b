/// An action of the compact runtime.
package enum CheckerAction: Hashable, Sendable {
    /// Render the program's render with this index.
    case render(Int32)
    /// Set the state of the rendered identity with this bit to 1.
    case mutate(Int16)
    /// Set the state of the current render's stateful view with this index (in source order) to 1:
    /// the differential check's action, since the view's identity bit differs between the two rule
    /// sets.
    case mutateView(Int16)
}
