/// Histories with their tracking carried on their trees, and those trees, as `ViewChainTrees.carrying`
/// made them: only it makes one, so the trees are the histories' own.
package struct CarriedHistories: Sendable {
    /// The trees, with the read flags derived (`ViewChainTrees.flagging`'s).
    package let trees: ViewChainTrees
    /// Per path, what `BodyEvaluator` did at each transition the carry observed (the first ones,
    /// all but the last; none when there was nothing to carry or the caller did not keep them,
    /// `carrying(…keepingObservations:)`), on `trees` as they are: the carry builds again only the
    /// renders after the one it observed.
    package let observed: [[ViewLinkObservation]]

    init(trees: ViewChainTrees, observed: [[ViewLinkObservation]]) {
        self.trees = trees
        self.observed = observed
    }

    /// Per path, one link per transition, each tracking after the first the registrar's.
    package var histories: [[ViewLink]] { trees.links }
}
