/// What a change of an `@Observable` object's property runs (I8; docs/invalidation.md, I8
/// "@Observable").
public enum ObservationRule: String, Hashable, Sendable, CaseIterable {
    /// Nothing: only `signal L` says that a dependency changed.
    case signalOnly
    /// Every body that read the changed property in its last evaluation (the observation
    /// registrar tracks the key paths a body's evaluation accessed), after a change that commits.
    case propertyReads
}
