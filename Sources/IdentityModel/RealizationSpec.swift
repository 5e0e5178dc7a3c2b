/// One path for `Realization` to realize: the steps from the root of one render to a stateful leaf.
public struct RealizationSpec: Hashable, Sendable {
    /// One step per construct passed, root first.
    public var steps: [PathStep]
    /// The stateful leaf's type.
    public var leaf: ViewType
    /// The `initialValue` the leaf passes in its render.
    public var initial: Int
    /// The leaf's label; as in `ViewPath.label`, the rows the path passes add their keys to it.
    public var label: String
    /// The index of the render the path is in.
    public var render: Int

    /// Creates a spec.
    public init(steps: [PathStep], leaf: ViewType, initial: Int = 0, label: String = "view", render: Int = 0) {
        self.steps = steps
        self.leaf = leaf
        self.initial = initial
        self.label = label
        self.render = render
    }
}
