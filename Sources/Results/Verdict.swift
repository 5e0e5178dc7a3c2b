/// The verdict on one lemma or scenario.
package enum Verdict: String, Sendable, Codable {
    /// Proved by the solver or the checker, within the report's scope; for a scenario, every check passed.
    case proved
    /// A counterexample exists (replayed on trees); for a scenario, a check failed.
    case refuted
    /// The lemma's assumptions hold of no tree (Z3 proved them unsatisfiable): whatever it shows,
    /// it shows nothing. Never counted as proved.
    case vacuous
    /// Neither route decided (Z3's reason is in the message). Never counted as proved.
    case unknown
    /// The input was ill-formed, or an internal check failed (the routes disagreed, a counterexample
    /// did not replay).
    case error
}
