/// Why an invalidation lemma was proved (`--explain`). Its query over views has no unsat core cut
/// into items, so every assumption is left out on its own and the lemma as written without it is
/// judged like any invalidation lemma (both routes, the locality obligations,
/// `InvalidationJudgement`): that verdict, never a guess, is what is said about the assumption.
package struct InvalidationProofExplanation: Sendable {
    /// Each assumption, with the verdict of the lemma as written without it.
    package var omitted: [ProofExplanation.Omission]
    /// The locality obligations the unbounded verdict rests on (every one of its rule set's).
    package var obligations: [String]

    /// The assumptions the lemma as written was proved without (each on its own).
    package var unneededAssumptions: [AssumptionReference] {
        omitted.compactMap { if case .notNeeded = $0.finding { return $0.assumption } else { return nil } }
    }
}
