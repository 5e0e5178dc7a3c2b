/// What a scenario's second route, Z3's ground encoding of the same rules, did with a scenario
/// whose checks ran: agreed with the semantics on every value it compared, or did not apply.
/// (A disagreement is no `GroundCheck`: the scenario is an error, `routes-disagree`.)
package enum GroundCheck: Sendable, Equatable {
    /// It agreed on `count` values of the kind `compared`.
    case agreed(count: Int, compared: GroundComparison)
    /// It does not apply: the scenario's identity rules are not local.
    case notLocal

    /// The stable code JSON carries (README.md, "Reason codes").
    package var code: String {
        switch self {
        case .agreed: return "agreed"
        case .notLocal: return "not-local"
        }
    }
}

/// What the ground encoding compares in a scenario: identities, or (an invalidation scenario)
/// body verdicts. The raw value is the JSON spelling.
package enum GroundComparison: String, Sendable {
    case identities
    case bodyVerdicts = "body-verdicts"
}
