import Encoding
import LemmaLanguage

/// Why `--explain` found no answer, for an item (`Explanation.unknown`) or for one assumption (an
/// omission's or a dependence's `unknown`), each case with a stable code (the JSON report's
/// `reasonCode`, SARIF's `explainReasonCode`); `ReasonText` says it in words.
package enum ExplainUnknownReason: Sendable {
    /// Explain's query could not be built or checked (Z3's error).
    case queryFailed(String)
    /// The tracked query is satisfiable: there is no proof to explain.
    case querySatisfiable
    /// Z3 stopped before it showed the tracked query unsat: no core, never a guessed one. The code is
    /// the stop's.
    case solverStopped(SolverStop)
    /// The assumption's negation is outside the lemma language (the diagnostic, E060).
    case negationOutsideLanguage(Diagnostic)
    /// The variant of the lemma decides nothing about the assumption (its verdict).
    case variantUndecided(Outcome)
    /// The routes' counterexample of the lowered variant is not one of the variant as written on
    /// its trees (why).
    case notACounterexampleAsWritten(String)

    /// The stable code reports carry.
    package var code: String {
        switch self {
        case .queryFailed: return "query-failed"
        case .querySatisfiable: return "query-satisfiable"
        case .solverStopped(let stop): return stop.code
        case .negationOutsideLanguage: return "negation-outside-language"
        case .variantUndecided(.proved): return "variant-bounded"
        case .variantUndecided(.refuted): return "variant-refuted"
        case .variantUndecided(.unknown): return "variant-unknown"
        case .variantUndecided(.vacuous): return "variant-vacuous"
        case .variantUndecided(.error): return "variant-error"
        case .notACounterexampleAsWritten: return "not-a-counterexample-as-written"
        }
    }
}
