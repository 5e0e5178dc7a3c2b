import Encoding

/// What the path-level Z3 route said about a lemma.
package enum SolverAnswer: Sendable {
    /// Unsat: no paths of any length violate the lemma.
    case proved
    /// The full query was unknown, but Z3 excluded every counterexample with at most `steps` steps
    /// per path: a bounded result (no step case carries it to longer paths). `reason` is why the
    /// full query was unknown.
    case provedForShortPaths(steps: Int, reason: SolverStop)
    /// Sat, and the model replayed on trees.
    case refuted(Counterexample)
    /// Z3 gave up, or its models could not be decoded or replayed.
    case unknown(UnknownReason)
    /// The lemma is outside what the path level expresses (the reason); only the checker applies.
    case inapplicable(String)
    /// An internal error: a model that does not replay, or a Z3 failure.
    case failed(ErrorReason)
}

/// The answer with its cost.
package struct SolverResult: Sendable {
    package var answer: SolverAnswer
    package var seconds: Double
    /// Z3's resource count for the main check (deterministic, unlike seconds).
    package var resourceCount: Int?
    /// The query as a self-contained SMT-LIB 2 script.
    package var script: String?
    /// For a refutation, when scripts are exported: the query with the counterexample's paths
    /// asserted, a script any solver answers `sat`.
    package var certificate: String?

    package init(
        answer: SolverAnswer, seconds: Double, resourceCount: Int? = nil, script: String? = nil, certificate: String? = nil
    ) {
        self.answer = answer
        self.seconds = seconds
        self.resourceCount = resourceCount
        self.script = script
        self.certificate = certificate
    }
}
