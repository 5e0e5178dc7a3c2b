/// Why a lemma or scenario came out `error`, typed until a report writer says it (`ReasonText`).
/// Each case has a stable `code` that the JSON and SARIF reports carry.
public enum ErrorReason: Sendable {
    /// The lemma file's item did not check (its diagnostics are the report's message).
    case illFormed
    /// A proof met a counterexample replayed on trees.
    case routesDisagree
    /// A Z3 model the trees realize on which the lemma holds after all (the replay's account).
    case replayContradicts(String)
    /// Z3 or the encoding failed (the error).
    case solverFailure(String)
    /// A scenario step that could not run, or whose two routes disagree (the run's account, with
    /// its location).
    case scenario(String)

    /// The stable code reports carry.
    public var code: String {
        switch self {
        case .illFormed: return "ill-formed"
        case .routesDisagree: return "routes-disagree"
        case .replayContradicts: return "replay-contradicts"
        case .solverFailure: return "solver-failure"
        case .scenario: return "scenario-failure"
        }
    }
}
