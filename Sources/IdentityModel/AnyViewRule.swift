/// How identity passes through `AnyView` (R5).
public enum AnyViewRule: String, Hashable, Sendable {
    /// The runtime: the erased type is the identity element; same type updates in place.
    case erasedType
    /// Seed 000's model: `AnyView` is opaque and rebuilds its content on every render.
    case opaque
}
