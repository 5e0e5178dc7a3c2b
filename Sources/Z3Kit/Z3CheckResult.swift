/// The outcome of `Z3Solver.check`: three cases that are never merged.
package enum Z3CheckResult {
    /// Satisfiable, with a model.
    case sat(Z3Model)
    /// Unsatisfiable; `core` is a subset of the assumptions and tracking literals that is
    /// already unsatisfiable (empty when the check used neither).
    case unsat(core: [Z3Term])
    /// Z3 gave up; `reason` is Z3's own. Z3 4.8.12 says `"timeout"` for the time limit,
    /// `"canceled"` for an exhausted resource limit, `"interrupted"` when the watchdog fired,
    /// and e.g. `"(incomplete quantifiers)"` when it cannot decide.
    case unknown(reason: String)
}
