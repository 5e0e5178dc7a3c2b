/// A container on a view's path: the identity its content gets and its kind. A removed view's
/// innermost container that the next render still renders is the one whose list held the removed
/// item (R7, `RuleSet.itemLevelRetention`).
public struct ContainerLink: Hashable, Sendable {
    /// The identity of the container's content (as `RenderWalk.containers` lists it).
    public var identity: Identity
    /// The container's kind.
    public var kind: ContainerKind

    /// A link from its parts.
    public init(identity: Identity, kind: ContainerKind) {
        self.identity = identity
        self.kind = kind
    }
}
