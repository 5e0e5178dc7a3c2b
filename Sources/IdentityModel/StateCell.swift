/// The storage of one `@State` in the runtime's graph.
public struct StateCell: Hashable, Sendable {
    /// The value it holds.
    public var value: Int
    /// Whether its view is absent from the current render but kept for revival (R7).
    public var isRetained: Bool
    /// Whether its view sits in a lazy container.
    public var isUnderLazyContainer: Bool
    /// The outermost lazy container's identity: a retained state dies when that container is no
    /// longer rendered (its item cache goes with it).
    public var lazyContainer: Identity?
}
