import Z3Kit

/// The one seam between the verifier and Z3: a context and an incremental solver, owned together.
///
/// Every query and obligation goes through a session. Each check runs under a `SolverBudget`
/// (resource units first, wall clock as a backstop); scopes balance by construction
/// (`withScope`); a check stopped by an interrupt (its time limit, the backstop, or the run's
/// cancellation that the session's budget carries) retires the session, after which every check
/// answers `unknown` without touching Z3 again (Z3 4.8.12 can crash popping an interrupted solver). Every term,
/// sort and model it makes lives until the session ends (`Z3Context.Retention.untilContextEnds`),
/// so its answers do not depend on the build configuration. Z3's handles never leave Encoding.
package final class SolverSession {
    /// The answer of one check.
    enum Answer {
        case unsat
        case sat(Z3Model)
        case unknown(SolverStop)
    }

    let context: Z3Context
    let solver: Z3Solver
    /// The budget of a check that names none.
    package let budget: SolverBudget
    /// Why the session no longer checks, once an interrupt stopped one of its checks.
    package private(set) var retiredReason: SolverStop?
    /// Z3's resource count of the last check that ran.
    package private(set) var lastResourceCount: Int?
    /// The assumptions of the last check that answered unsat which Z3 named as its unsat core.
    private(set) var lastUnsatCore: [Z3Term] = []

    /// Which of Z3's solvers a session's checks run on.
    package enum Kind: Sendable {
        /// Z3's default solver: a check made before any scope was opened runs the tactics Z3 picks
        /// by logic (as the `z3` binary does); once one was, every check runs on its incremental SMT core.
        case standard
        /// That incremental SMT core alone, for a session that opens a scope before its first
        /// check, without the default solver's tactics, which Z3 builds at the first assertion or
        /// push whether or not a check ever uses them. Chosen where it was shown to give the same
        /// answers and resource counts as `standard` (the ground scenarios and the reduction
        /// obligations; not the path-level queries, nor the locality obligations: docs/model.md,
        /// "Facts about Z3 4.8.12").
        case incremental
    }

    /// A fresh context and solver of `kind` whose checks spend at most `budget` unless told
    /// otherwise, and stop when `budget.cancellation` is cancelled.
    package init(budget: SolverBudget = .standard, kind: Kind = .standard) throws {
        self.budget = budget
        // Kept until the session ends: otherwise when Swift releases a term decides which numbers
        // Z3 gives the next ones, and so which model it finds (a release build certified another
        // counterexample than a debug one).
        context = try Z3Context(
            timeoutMilliseconds: budget.milliseconds, resourceLimit: budget.resourceLimit, retention: .untilContextEnds,
            cancellation: budget.cancellation?.z3)
        solver = try Z3Solver(context, kind: kind == .standard ? .combined : .simple)
    }

    /// Caps Z3's allocations in the whole process at `megabytes`: past it a check fails with Z3's
    /// memory error (the item's `error`) rather than the process running out. Set once, at start-up.
    package static func limitMemory(megabytes: Int) { Z3Context.limitMemory(megabytes: megabytes) }

    /// The linked Z3's version, e.g. `"4.8.12"`.
    package static var z3Version: String { Z3Context.version }

    /// The reason a check gives once the run is cancelled.
    package static var cancellationReason: SolverStop { .interrupted }

    /// Whether the run of this session's budget was cancelled.
    private var isCancelled: Bool { budget.cancellation?.isCancelled ?? false }

    func assert(_ formula: Z3Term) { solver.assert(formula) }

    func assert(_ formulas: [Z3Term]) {
        for formula in formulas { solver.assert(formula) }
    }

    /// Runs `body` in a scope of its own, popped however `body` ends.
    func withScope<T>(_ body: () throws -> T) throws -> T { try solver.withScope(body) }

    /// Checks the assertions (with `assumptions`) within `budget` (default: the session's). The
    /// time limit is kept by Z3Kit's watchdog; `backstopMilliseconds` sets an earlier deadline that
    /// counts as an interrupt and retires the session.
    func check(assumptions: [Z3Term] = [], budget: SolverBudget? = nil, backstopMilliseconds: Int? = nil) throws -> Answer {
        if let retiredReason { return .unknown(retiredReason) }
        let limits = budget ?? self.budget
        let result = try solver.check(
            assumptions: assumptions, timeoutMilliseconds: limits.milliseconds, resourceLimit: limits.resourceLimit,
            backstopMilliseconds: backstopMilliseconds)
        lastResourceCount = solver.lastCheckResourceCount
        if solver.lastCheckInterrupted {
            retiredReason = isCancelled ? .interrupted : .backstop
        } else if solver.spentReason != nil {
            // Its time limit's interrupt spent the solver (`Z3Solver.spentReason`): later checks
            // answer as this one stopped.
            retiredReason = .timeLimit(milliseconds: limits.milliseconds, z3: "timeout")
        }
        lastUnsatCore = []
        switch result {
        case .unsat(let core):
            lastUnsatCore = core
            return .unsat
        case .sat(let model): return .sat(model)
        case .unknown(let reason): return .unknown(retiredReason ?? self.reason(reason, budget: limits))
        }
    }

    /// The assertions as a self-contained SMT-LIB 2 script ending in `(check-sat)`.
    package func script() throws -> String { try solver.smtlib2Script() }

    /// Z3's stop reason as the limit that was reached where it was one of the budget's.
    private func reason(_ z3Reason: String, budget: SolverBudget) -> SolverStop {
        if let used = lastResourceCount, used >= budget.resourceLimit {
            return .resourceLimit(units: budget.resourceLimit, z3: z3Reason)
        }
        if z3Reason == "timeout" || z3Reason == "canceled" {
            return .timeLimit(milliseconds: budget.milliseconds, z3: z3Reason)
        }
        if z3Reason == Z3Cancellation.reason, isCancelled { return .interrupted }
        return .incomplete(z3: z3Reason)
    }
}
