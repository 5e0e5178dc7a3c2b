/// Why `--explain` does not apply to an item, each case with a stable code (the JSON report's
/// `explanation.reasonCode`); `ReasonText` says it in words.
package enum ExplainInapplicability: Sendable, Equatable {
    /// A scenario's checks are evaluated on its renders, not proved by Z3.
    case scenario
    /// No trees (identity) or views (invalidation) satisfy the assumptions: no proof to explain.
    case vacuous(views: Bool)
    /// An unknown verdict: explain applies to proved and refuted lemmas.
    case verdictUnknown
    /// An error verdict: explain applies to proved and refuted lemmas.
    case verdictError
    /// An invalidation lemma proved within a bound: it is proved unbounded or not at all.
    case boundedInvalidationProof
    /// An invalidation lemma given to the identity explainer: it has no path-level query.
    case invalidationLemma
    /// An identity lemma given to the invalidation explainer.
    case identityLemma
    /// The run did not check the lemma (it was interrupted, or not reached); the run's message.
    case notChecked(message: String)

    package var code: String {
        switch self {
        case .scenario: return "scenario"
        case .vacuous: return "vacuous"
        case .verdictUnknown: return "verdict-unknown"
        case .verdictError: return "verdict-error"
        case .boundedInvalidationProof: return "bounded-invalidation-proof"
        case .invalidationLemma: return "invalidation-lemma"
        case .identityLemma: return "identity-lemma"
        case .notChecked: return "not-checked"
        }
    }
}
