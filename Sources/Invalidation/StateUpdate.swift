/// A user's set of a `@State` as a transition sees it: the value set, and whether the view's body
/// read the state (so that a committed change of it is read, I8).
public struct StateUpdate: Hashable, Sendable {
    public var value: Int
    public var read: Bool

    public init(value: Int, read: Bool) {
        self.value = value
        self.read = read
    }

    /// The change it makes when it commits.
    public var change: StateChange { read ? .changedRead : .changedUnread }
}
