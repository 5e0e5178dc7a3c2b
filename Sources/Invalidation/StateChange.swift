/// What happened to a view's own `@State` since the previous render.
public enum StateChange: Hashable, Sendable {
    /// Unchanged.
    case none
    /// Changed, but the previous body evaluation did not read it.
    case changedUnread
    /// Changed, and the previous body evaluation read it.
    case changedRead
}
