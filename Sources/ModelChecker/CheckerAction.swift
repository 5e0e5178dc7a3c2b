/// An action of the compact runtime.
public enum CheckerAction: Hashable, Sendable {
    /// Render the program's render with this index.
    case render(Int32)
    /// Set the state of the rendered identity with this bit to 1.
    case mutate(Int16)
}
