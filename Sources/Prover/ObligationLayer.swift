/// A layer's obligations as `ObligationSet` reads them: the rule set they are discharged under,
/// one obligation's result, and what it established.
public protocol ObligationLayer {
    /// The rule set the obligations are discharged under.
    associatedtype Rules: Sendable
    /// One obligation's result.
    associatedtype ObligationOutcome: Sendable

    /// What the obligations are, in words, e.g. `"reduction"`.
    static var obligationsNoun: String { get }
    /// The name the reports give `rules`.
    static func name(of rules: Rules) -> String
    /// The stable id of an obligation's result, e.g. `locality.tuple`.
    static func id(of outcome: ObligationOutcome) -> String
    /// What an obligation's result established.
    static func standing(of outcome: ObligationOutcome) -> ObligationStanding
}

/// What discharging one obligation established, in any layer.
public enum ObligationStanding: Sendable, Equatable {
    case proved
    case failed
    /// Its premises alone are unsatisfiable: it would hold of nothing, so it proves nothing.
    case vacuous
    /// The solver gave up (why, in words).
    case unknown(String)
}
