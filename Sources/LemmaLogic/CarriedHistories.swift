/// Histories with their tracking carried on their trees, and those trees, as `ViewChainTrees.carrying`
/// made them: only it makes one, so the trees are the histories' own.
package struct CarriedHistories: Sendable {
    /// The trees, with the read flags derived (`ViewChainTrees.flagging`'s).
    package let trees: ViewChainTrees

    init(trees: ViewChainTrees) { self.trees = trees }

    /// Per path, one link per transition, each tracking after the first the registrar's.
    package var histories: [[ViewLink]] { trees.links }
}
