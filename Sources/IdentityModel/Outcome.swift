/// What a render did to one stateful view.
public enum Outcome: String, Hashable, Sendable, CustomStringConvertible {
    /// Its identity was in the previous render: the state is kept.
    case survives
    /// Its identity is new but the view (same label, or same
    /// address and type) was there before.
    case resets
    /// Its identity was removed earlier but retained (R7): the old state is back.
    case revived
    /// A new view with a new identity.
    case appears

    public var description: String { rawValue }
}
