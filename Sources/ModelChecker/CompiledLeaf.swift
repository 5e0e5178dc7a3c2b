/// A stateful leaf of a compiled render.
public struct CompiledLeaf: Hashable, Sendable {
    /// The identity's bit in the program's identity table, or -1 for an identity that exists only
    /// in this render (an opaque `AnyView` or a transient read): it can never survive or revive.
    public var identity: Int16
    /// The (address, leaf type) pair, interned per program: equal iff `ViewPath.hasSameAddress(as:)`.
    public var address: Int32
    /// The initial value is 1 (otherwise 0).
    public var initialIsOne: Bool
}
