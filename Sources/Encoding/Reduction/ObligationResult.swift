import IdentityModel

/// The outcome of discharging one `Obligation`, with the evidence to re-check it.
package struct ObligationResult: Sendable, CustomStringConvertible {
    /// The obligation discharged.
    package let obligation: Obligation
    /// Proved, failed with a model, or unknown.
    package let verdict: ObligationVerdict
    /// The resources Z3 used for the check (`rlimit count`), a machine-independent cost.
    package let resourceCount: Int
    /// The wall-clock time of the check, in seconds.
    package let seconds: Double
    /// The query as a self-contained SMT-LIB 2 script (`Z3Solver.smtlib2Script()`, with the datatype
    /// declarations in dependency order): `z3` and `cvc5` (run with `ObligationRunner.cvc5Arguments`)
    /// answer `unsat` on it when the obligation is proved; `nil` when the runner exports none.
    package let script: String?

    /// The same result with another verdict (the runner's vacuity check).
    func with(_ verdict: ObligationVerdict) -> ObligationResult {
        ObligationResult(obligation: obligation, verdict: verdict, resourceCount: resourceCount, seconds: seconds, script: script)
    }

    /// The same result for `rules`, which differ from the obligation's in name only: the query, and
    /// so everything Z3 answered, is the same.
    package func renamed(to rules: RuleSet) -> ObligationResult {
        precondition(rules.unnamed == obligation.rules.unnamed, "only the name of the rules may differ")
        return ObligationResult(
            obligation: Obligation(theorem: obligation.theorem, inductionCase: obligation.inductionCase, rules: rules),
            verdict: verdict, resourceCount: resourceCount, seconds: seconds, script: script)
    }

    package var description: String {
        let time = (seconds * 1000).rounded() / 1000
        return "\(obligation.id) [\(obligation.rules.name)]: \(verdict) (\(time) s, rlimit \(resourceCount))"
    }
}
