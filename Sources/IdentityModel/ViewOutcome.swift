/// One stateful view after a render: its path, what happened to it, and the value it holds.
public struct ViewOutcome: Hashable, Sendable {
    /// The view's path in the new render.
    public var path: ViewPath
    /// What the render did to its state.
    public var outcome: Outcome
    /// The value its state holds after the render.
    public var value: Int
}
