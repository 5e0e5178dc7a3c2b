/// Why a lemma or scenario came out `error`, typed until a report writer says it (`ReasonText`).
/// Each case has a stable `code` that the JSON and SARIF reports carry.
package enum ErrorReason: Sendable {
    /// The lemma file's item did not check (its diagnostics are the report's message).
    case illFormed
    /// A proof met a counterexample replayed on trees.
    case routesDisagree
    /// A Z3 model the trees realize on which the lemma holds after all (the replay's account).
    case replayContradicts(String)
    /// Z3 or the encoding failed (the error).
    case solverFailure(String)
    /// A scenario's render that is undefined behaviour the scenario does not check for, at
    /// `location` (`what`: the runtime's account).
    case undefinedBehaviour(location: String, what: String)
    /// A scenario's `set` of a label no view of the current render has.
    case unknownLabel(location: String, label: String)
    /// A scenario's invalidation render that no tree gives after the one before (`why`).
    case unrealizableRender(location: String, render: Int, why: String)
    /// A scenario's invalidation render in which the view labelled `label`, which held `@State`, a
    /// `@StateObject` or an `@Observable` tracking, comes back to a retaining lazy container that may
    /// have kept it (R7): the invalidation runner does not carry a retained view's state, read flag,
    /// objects or tracking.
    case revivedState(location: String, render: Int, label: String)
    /// A scenario's invalidation render in which two `@StateObject`s (`holders`, `label.property`)
    /// hold one object, each the one its identity made (I12), in this render or an earlier one. Each
    /// `@StateObject` makes an instance of its own, so the scenario names two objects as one.
    case sharedStateObject(location: String, render: Int, holders: [String], object: Int)
    /// A scenario's invalidation render in which the view labelled `label`, whose identity survives,
    /// finds another object for its `@EnvironmentObject` of type `type` than in the render before
    /// (`before`, `after`): not modelled (I11), so no verdict.
    case changedEnvironmentObject(location: String, render: Int, label: String, type: String, before: Int, after: Int)
    /// A scenario's two routes (the semantics and Z3's ground encoding) disagree (the account, with
    /// its location).
    case groundDisagrees(String)
    /// A scenario run that hit a state it should never reach (the account, with its location).
    case internalError(String)

    /// The stable code reports carry.
    package var code: String {
        switch self {
        case .illFormed: return "ill-formed"
        case .routesDisagree: return "routes-disagree"
        case .replayContradicts: return "replay-contradicts"
        case .solverFailure: return "solver-failure"
        case .undefinedBehaviour: return "undefined-behaviour"
        case .unknownLabel: return "unknown-label"
        case .unrealizableRender: return "unrealizable-render"
        case .revivedState: return "revived-state"
        case .sharedStateObject: return "shared-state-object"
        case .changedEnvironmentObject: return "changed-environment-object"
        case .groundDisagrees: return "routes-disagree"
        case .internalError: return "internal-error"
        }
    }
}
