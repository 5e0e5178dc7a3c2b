/// What `--explain` says about one item: why it was proved, what its refutation leans on, why
/// explain does not apply, or that it found no answer.
package enum Explanation: Sendable {
    case proof(ProofExplanation)
    /// An invalidation lemma's proof: what the lemma comes to without each assumption.
    case invalidationProof(InvalidationProofExplanation)
    case refutation(RefutationExplanation)
    /// Explain does not apply to this item or verdict (why).
    case notApplicable(ExplainInapplicability)
    /// Explain ran and found no core (why); never a guessed one.
    case unknown(ExplainUnknownReason)
}
