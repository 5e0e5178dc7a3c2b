/// What discharging an obligation established.
package enum ObligationVerdict: Hashable, Sendable, CustomStringConvertible {
    /// The query is unsatisfiable: the case of the induction holds.
    case proved
    /// The query is satisfiable: the instantiated definitions and hypotheses do not entail the
    /// goal. `model` is Z3's model of the query; it interprets the helper functions (`childAt`,
    /// `countPresent`, ...) freely beyond the instances asserted, so it shows where the case breaks,
    /// not necessarily a well-formed tree.
    case failed(model: String)
    /// The goal follows, but the premises alone are unsatisfiable: it would follow from them
    /// whatever it said, so the case is not established.
    case vacuous
    /// The solver gave up (`reason`: the budget that ran out, or Z3's own reason).
    case unknown(reason: SolverStop)

    /// Whether the obligation was proved.
    package var isProved: Bool { self == .proved }

    package var description: String {
        switch self {
        case .proved: return "proved"
        case .failed(let model): return "failed with model:\n\(model)"
        case .vacuous: return "vacuous"
        case .unknown(let reason): return "unknown (\(reason))"
        }
    }
}
