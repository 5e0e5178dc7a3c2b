import CZ3

/// An incremental Z3 solver: assertions in push/pop scopes, checks under assumptions, with time
/// and resource limits that hold.
package final class Z3Solver {
    /// The context that owns this solver.
    package let context: Z3Context
    let raw: Z3_solver
    /// The tracking literals asserted in each open scope (the outermost first), for export.
    private(set) var trackingLiterals: [[Z3Term]] = [[]]
    /// What was asserted in each open scope (the outermost first), as given, with its tracking
    /// literal: what an export prints. Z3's own list (`assertions`) is the incremental core's
    /// rewritten formulas when the solver is `simple`.
    private(set) var asserted: [[(formula: Z3Term, literal: Z3Term?)]] = [[]]
    /// The resources (`rlimit count`) used by the last check; nil before the first check.
    package private(set) var lastCheckResourceCount: Int?
    /// Whether the last check was stopped by an interrupt (an explicit backstop or the
    /// context's `Z3Cancellation`) rather than by its own limits: the context may then be left mid-search,
    /// and callers retire it.
    package private(set) var lastCheckInterrupted = false
    /// Why the solver is spent, once a watchdog interrupted one of its checks (the time limit, a
    /// backstop or the run's cancellation): Z3 4.8.12 can crash popping a solver whose check an
    /// interrupt stopped, or that an interrupt reached as its check returned (a segfault in
    /// `Z3_solver_pop` under a 1 ms time limit, once in about 15 runs of the lemma set). A spent
    /// solver is never touched again: pushes and pops keep only their books, assertions are
    /// dropped, and every check answers `unknown` with this reason.
    package private(set) var spentReason: String?

    /// Which of Z3's solvers to use.
    package enum Kind: Sendable {
        /// `Z3_mk_solver`: Z3's default, which picks tactics by logic for a first check without
        /// scopes or assumptions (as the `z3` binary does), and after a push or with assumptions
        /// checks with its incremental SMT core. It builds those tactics at its first assertion or
        /// push: about 6 ms (docs/model.md, "Facts about Z3 4.8.12").
        case combined
        /// `Z3_mk_simple_solver`: the incremental SMT core alone; set up in well under 1 ms.
        /// It may word a stop differently (e.g. `"canceled"` for a time limit or an interrupt).
        case simple
    }

    /// A new, empty solver of `kind`.
    package init(_ context: Z3Context, kind: Kind = .combined) throws {
        self.context = context
        self.raw = try context.make(kind == .combined ? "mk_solver" : "mk_simple_solver") {
            kind == .combined ? Z3_mk_solver($0) : Z3_mk_simple_solver($0)
        }
        Z3_solver_inc_ref(context.raw, raw)
        try disableSignalHandler()
    }

    deinit {
        Z3_solver_dec_ref(context.raw, raw)
    }

    /// Asserts `formula` (a Boolean term). An error (e.g. a non-Boolean formula) is latched in the
    /// context, as a builder's is, and thrown by the next check.
    package func assert(_ formula: Z3Term) {
        guard spentReason == nil, context.owns([formula.context], "solver_assert") else { return }
        Z3_solver_assert(context.raw, raw, formula.raw)
        if let error = context.pendingError("solver_assert") { context.latch(error) }
        asserted[asserted.count - 1].append((formula, nil))
    }

    /// Asserts `formula` tracked by the Boolean constant `name`, which appears in the unsat core
    /// when `formula` is needed for unsatisfiability. Returns that constant. Errors are latched.
    @discardableResult
    package func assert(_ formula: Z3Term, tracking name: String) -> Z3Term {
        let literal = context.const(name, context.boolSort)
        guard spentReason == nil, context.owns([formula.context], "solver_assert_and_track") else { return literal }
        Z3_solver_assert_and_track(context.raw, raw, formula.raw, literal.raw)
        if let error = context.pendingError("solver_assert_and_track") { context.latch(error) }
        trackingLiterals[trackingLiterals.count - 1].append(literal)
        asserted[asserted.count - 1].append((formula, literal))
        return literal
    }

    /// The asserted formulas, in order (tracked ones as `literal ⇒ formula`).
    package var assertions: [Z3Term] {
        get throws {
            try context.throwLatchedError()
            return try context.terms("solver_get_assertions") { Z3_solver_get_assertions($0, raw) }
        }
    }

    /// Opens a scope: assertions made after it are removed by the matching `pop`.
    package func push() throws {
        if spentReason == nil { try context.call("solver_push") { Z3_solver_push($0, raw) } }
        trackingLiterals.append([])
        asserted.append([])
    }

    /// Closes the last `levels` scopes, removing their assertions.
    package func pop(_ levels: Int = 1) throws {
        guard levels >= 0, levels < trackingLiterals.count else {
            throw Z3Error(
                code: .invalidUsage, message: "Z3Kit: cannot pop \(levels) of \(trackingLiterals.count - 1) scopes",
                operation: "solver_pop"
            )
        }
        if spentReason == nil { try context.call("solver_pop") { Z3_solver_pop($0, raw, UInt32(levels)) } }
        trackingLiterals.removeLast(levels)
        asserted.removeLast(levels)
    }

    /// Runs `body` inside a scope of its own, popped however `body` ends: push and pop balance by
    /// construction.
    package func withScope<T>(_ body: () throws -> T) throws -> T {
        try push()
        defer { try? pop() }
        return try body()
    }

    /// Checks the assertions together with `assumptions` (Boolean terms, typically constants).
    ///
    /// The check stops after `resourceLimit` resource units (default: the context's; nil or 0:
    /// none), Z3's own `rlimit`, and after `timeoutMilliseconds` (default: the context's), when a
    /// watchdog interrupts it: the same cancellation Z3's `timeout` parameter makes, without Z3's
    /// timer, whose thread pool in 4.8.12 can deadlock a check after an earlier time limit expired
    /// (Z3 pull request 5369/5371: a check hung with no processor time). A time-limit stop gives
    /// `.unknown(reason: "timeout")`; a `backstopMilliseconds` shorter than the time limit sets a
    /// deadline that counts as an interrupt instead (`lastCheckInterrupted`). Other stops give
    /// `.unknown` with Z3's reason. An error a builder latched in the context is thrown here.
    package func check(
        assumptions: [Z3Term] = [], timeoutMilliseconds: Int? = nil, resourceLimit: Int? = nil,
        backstopMilliseconds: Int? = nil
    ) throws -> Z3CheckResult {
        try context.throwLatchedError()
        try context.requireOwn(assumptions.map(\.context), "solver_check")
        lastCheckInterrupted = false
        if let spentReason { return .unknown(reason: spentReason) }
        if isCancelled {
            lastCheckInterrupted = true
            return .unknown(reason: Z3Cancellation.reason)
        }
        return try run(
            assumptions: assumptions, timeoutMilliseconds: timeoutMilliseconds, resourceLimit: resourceLimit,
            backstopMilliseconds: backstopMilliseconds)
    }

    /// The check once its run was seen not cancelled: a cancellation from here on, even one that
    /// lands before Z3 enters its search, is delivered by the watchdog (see `Z3Watchdog`).
    func run(
        assumptions: [Z3Term], timeoutMilliseconds: Int?, resourceLimit: Int?, backstopMilliseconds: Int?
    ) throws -> Z3CheckResult {
        let timeout = max(1, timeoutMilliseconds ?? context.timeoutMilliseconds)
        try context.setResourceLimit(resourceLimit ?? context.resourceLimit ?? 0)
        // Other calls (`simplify`) read the context's limit too: it holds during the check only.
        defer { try? context.setResourceLimit(0) }
        let countBefore = try resourceCount()
        let raws: [Z3_ast?] = assumptions.map(\.raw)
        let outcome: Z3_lbool
        let failure: Z3Error?
        var timedOut = false
        do {
            let backstopFirst = backstopMilliseconds.map { $0 < timeout } ?? false
            let watchdog = Z3Watchdog(
                context: context.raw, milliseconds: backstopFirst ? backstopMilliseconds ?? timeout : timeout,
                cancellation: context.cancellation)
            defer {
                let fired = watchdog.disarm()
                timedOut = fired && !backstopFirst && !isCancelled
                lastCheckInterrupted = (fired && !timedOut) || isCancelled
                if watchdog.hasInterrupted {
                    spentReason = isCancelled ? Z3Cancellation.reason : timedOut ? "timeout" : "interrupted by a backstop"
                }
            }
            outcome = Z3_solver_check_assumptions(context.raw, raw, UInt32(raws.count), raws)
            failure = context.pendingError("solver_check")
        }
        if let failure { throw failure }
        lastCheckResourceCount = Int(try resourceCount() &- countBefore)
        switch outcome {
        case Z3_L_TRUE:
            let model = try context.make("solver_get_model") { Z3_solver_get_model($0, raw) }
            return .sat(Z3Model(context: context, raw: model))
        case Z3_L_FALSE:
            return .unsat(core: try context.terms("solver_get_unsat_core") { Z3_solver_get_unsat_core($0, raw) })
        default:
            if isCancelled { return .unknown(reason: Z3Cancellation.reason) }
            if timedOut { return .unknown(reason: "timeout") }
            let reason = try context.call("solver_get_reason_unknown") { Z3_solver_get_reason_unknown($0, raw) }
            return .unknown(reason: reason.map { String(cString: $0) } ?? "unknown")
        }
    }

    /// Whether the run of this solver's context was cancelled.
    private var isCancelled: Bool { context.cancellation?.isCancelled ?? false }

    /// Z3's statistics of this solver (counters and, e.g., `"memory"`, `"time"`), by Z3's key,
    /// e.g. `"rlimit count"`, `"conflicts"`, `"decisions"`.
    package func statistics() throws -> [String: Double] {
        let stats = try context.make("solver_get_statistics") { Z3_solver_get_statistics($0, raw) }
        Z3_stats_inc_ref(context.raw, stats)
        defer { Z3_stats_dec_ref(context.raw, stats) }
        var result: [String: Double] = [:]
        for index in 0..<Z3_stats_size(context.raw, stats) {
            let key = String(cString: Z3_stats_get_key(context.raw, stats, index))
            result[key] = Z3_stats_is_uint(context.raw, stats, index)
                ? Double(Z3_stats_get_uint_value(context.raw, stats, index))
                : Z3_stats_get_double_value(context.raw, stats, index)
        }
        return result
    }

    /// The context-wide resource counter, which Z3 reports in every solver's statistics.
    private func resourceCount() throws -> UInt32 {
        UInt32(truncatingIfNeeded: Int64(try statistics()["rlimit count"] ?? 0))
    }

    /// Stops Z3 from installing a SIGINT handler of its own around each check, which races between
    /// threads: interrupts come from `Z3Cancellation` instead. Set before the solver's first use,
    /// when Z3 only records it: on a solver in use, setting any parameter costs ~5 ms (Z3 collects
    /// and validates every parameter of its solvers).
    private func disableSignalHandler() throws {
        let params = try context.make("mk_params") { Z3_mk_params($0) }
        Z3_params_inc_ref(context.raw, params)
        defer { Z3_params_dec_ref(context.raw, params) }
        let ctrlCKey = try context.symbol("ctrl_c")
        try context.call("params_set_bool") { Z3_params_set_bool($0, params, ctrlCKey, false) }
        try context.call("solver_set_params") { Z3_solver_set_params($0, raw, params) }
    }
}
