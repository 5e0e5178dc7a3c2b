import LemmaLogic

/// What came of one lemma or scenario, with exactly what each verdict carries: a proof its scope, a
/// refutation its replayed counterexample, an unknown its reason. Reports read verdict, scope and
/// counterexample from it, so they cannot disagree.
package enum Outcome: Sendable {
    /// Proved within `scope` (`nil` for a scenario, whose checks all passed).
    case proved(Scope?)
    /// A counterexample that was replayed on trees (for a scenario: a failed check).
    case refuted(Counterexample)
    /// Neither route decided; `reason` says why (Z3's stop, replay impossible, no witness).
    case unknown(reason: UnknownReason)
    /// Z3 proved the lemma's assumptions unsatisfiable.
    case vacuous
    /// Ill-formed input, or an internal check that failed (the first value says which), with the
    /// counterexample that exposed it, if one did (the routes disagreeing).
    case error(ErrorReason, counterexample: Counterexample? = nil)

    /// The verdict alone.
    package var verdict: Verdict {
        switch self {
        case .proved: return .proved
        case .refuted: return .refuted
        case .unknown: return .unknown
        case .vacuous: return .vacuous
        case .error: return .error
        }
    }

    /// How far a proof reaches; `nil` for anything but a lemma's proof.
    package var scope: Scope? {
        if case .proved(let scope) = self { return scope }
        return nil
    }

    /// The stable code of an unknown's or an error's reason; `nil` for any other verdict.
    package var reasonCode: String? {
        switch self {
        case .unknown(let reason): return reason.code
        case .error(let reason, _): return reason.code
        default: return nil
        }
    }

    /// The counterexample of a refutation, or of an error it exposed.
    package var counterexample: Counterexample? {
        switch self {
        case .refuted(let counterexample): return counterexample
        case .error(_, let counterexample): return counterexample
        default: return nil
        }
    }
}
