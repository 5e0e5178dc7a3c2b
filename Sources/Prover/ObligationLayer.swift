import Encoding

/// A layer's obligations as `ObligationSet` reads them: the rule set they are discharged under,
/// and one obligation's result with its id and verdict (one verdict type for every layer).
package protocol ObligationLayer {
    /// The rule set the obligations are discharged under.
    associatedtype Rules: Sendable
    /// One obligation's result.
    associatedtype ObligationOutcome: Sendable

    /// What the obligations are, in words, e.g. `"reduction"`.
    static var obligationsNoun: String { get }
    /// Which obligations they are, as a shortfall names them.
    static var obligationKind: ObligationShortfall.Kind { get }
    /// The name the reports give `rules`.
    static func name(of rules: Rules) -> String
    /// The stable id of an obligation's result, e.g. `locality.tuple`.
    static func id(of outcome: ObligationOutcome) -> String
    /// What an obligation's result established.
    static func verdict(of outcome: ObligationOutcome) -> ObligationVerdict
}
