import IdentityModel

/// Whether the reduction carries a path-level proof of a lemma to all trees (Proofs/README.md,
/// Theorems 1-4): it does when the rules are local, identity being a map of the path's steps.
///
/// There is no cutoff here on purpose: an earlier version claimed that exhausting a small bound was
/// a proof for an "aligned" fragment (Theorem 6), and that argument did not cover what it was
/// applied to (disjunctions, literals, what the checker does not enumerate). The checker's
/// exhaustion is a bounded result and nothing more.
package struct Fragment: Hashable, Sendable {
    /// Why the path-level proof does not cover all trees, or `nil` when it does.
    package var outsideReason: String?

    /// Classifies `lemma`.
    package init(_ lemma: LemmaSpec) {
        if lemma.rules.mutation == .idOverridesStructure {
            outsideReason = "rule set \(lemma.rules.name) is not local: identity is not a map of path steps (locality fails)"
        } else if lemma.rules.mutation == .containerKindIgnored, lemma.readsStore {
            // The state store at the path level decides retention from the containers on a path,
            // for every path with the same identity (Theorem 7); with every container's element the
            // same, one identity can be lazy in one render and eager in another.
            outsideReason = "under \(lemma.rules.name) an identity does not say whether a lazy container holds it, which the path level's state store assumes"
        } else {
            outsideReason = nil
        }
    }
}
