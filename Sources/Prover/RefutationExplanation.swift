/// What a refutation leans on (`--explain`): for each assumption A of the lemma, whether a
/// counterexample exists with A false and the other assumptions kept (Lemmas/README.md, "Why was
/// it proved: --explain").
package struct RefutationExplanation: Sendable {
    /// Whether the refutation leans on one assumption.
    package enum Dependence: Sendable {
        /// No counterexample has the assumption false (Z3: unsat at the path level, with the
        /// reduction): every failure of the lemma lies where it holds.
        case needed
        /// A counterexample with the assumption false, replayed on trees: the lemma fails outside
        /// it too.
        case notNeeded(Counterexample)
        /// Neither was shown (why).
        case unknown(ExplainUnknownReason)
    }

    /// One assumption and what was found for it.
    package struct Entry: Sendable {
        package var assumption: AssumptionReference
        package var dependence: Dependence
    }

    package var entries: [Entry]
}
