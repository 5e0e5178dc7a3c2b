import Invalidation

/// A render before a lemma's first (`ViewChainTrees.earlierRender`): per tree its root, per path
/// whether its body ran in the lemma's first render after it, and the owners signalled before the
/// first render so that their holders are compared there.
package struct EarlierRender: Sendable {
    package var roots: [ViewNode]
    package var ran: [Bool]
    package var signalled: Set<Int>
}
