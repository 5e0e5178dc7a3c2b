/// One path for `Realization` to realize: the steps from the root of one render to a stateful leaf.
package struct RealizationSpec: Hashable, Sendable {
    /// One step per construct passed, root first.
    package var steps: [PathStep]
    /// The stateful leaf's type.
    package var leaf: ViewType
    /// The `initialValue` the leaf passes in its render.
    package var initial: Int
    /// The leaf's label; as in `ViewPath.label`, the rows the path passes add their keys to it.
    package var label: String
    /// The index of the render the path is in.
    package var render: Int

    /// Creates a spec.
    package init(steps: [PathStep], leaf: ViewType, initial: Int = 0, label: String = "view", render: Int = 0) {
        self.steps = steps
        self.leaf = leaf
        self.initial = initial
        self.label = label
        self.render = render
    }
}
