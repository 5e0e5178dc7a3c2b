import Z3Kit

/// Discharges obligations, each in a fresh `SolverSession` under a budget.
package struct ObligationRunner: Sendable {
    /// The arguments with which cvc5 1.0.3 checks an exported script (`cvc5 ARGUMENTS FILE`):
    /// without `--strings-exp` it rejects the sequence operator `seq.nth`.
    package static let cvc5Arguments = ["--lang", "smt2", "--strings-exp"]

    /// The budget of each obligation's check.
    package let budget: SolverBudget
    /// Whether each result keeps its query as a script (for Proofs/ and the second solvers); the
    /// export costs about as much as a small obligation's check.
    package let exportsScripts: Bool

    /// A runner whose checks spend at most `budget` each.
    package init(budget: SolverBudget = .standard, exportsScripts: Bool = true) {
        self.budget = budget
        self.exportsScripts = exportsScripts
    }

    /// Builds `obligation`'s query, exports it when asked, and checks it.
    package func discharge(_ obligation: Obligation) throws -> ObligationResult {
        try discharge([obligation])[0]
    }

    /// Discharges `obligations` in order, each in a scope of its own in one session: the solver's
    /// theories are set up once instead of once per obligation (most of a small obligation's
    /// cost), and a scope holds exactly its obligation's premises and negated goal, so each check
    /// and each exported script is that obligation's query alone. A session an interrupt retired
    /// is replaced before the next obligation. A proved obligation's premises are then checked
    /// alone, in a scope of their own after its check (which is thus the query alone, as
    /// exported): premises that hold of nothing would prove any goal, so it is `vacuous`.
    package func discharge(_ obligations: [Obligation]) throws -> [ObligationResult] {
        var session = try SolverSession(budget: budget, kind: .incremental)
        return try obligations.map { obligation in
            if session.retiredReason != nil { session = try SolverSession(budget: budget, kind: .incremental) }
            let (premises, goal) = try ObligationQuery.query(for: obligation, in: session.context)
            let proof = try session.withScope { try discharge(obligation, premises: premises, goal: goal, in: session) }
            guard proof.verdict == .proved else { return proof }
            // The premises are this session's terms: checked here (a retired session answers unknown).
            let vacuity = try session.withScope { try Self.premisesVerdict(premises, in: session) }
            return vacuity.map { proof.with($0) } ?? proof
        }
    }

    private func discharge(_ obligation: Obligation, premises: [Z3Term], goal: Z3Term, in session: SolverSession) throws -> ObligationResult {
        session.assert(premises)
        session.assert(goal.not())
        let script = exportsScripts ? try session.script() : nil
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try session.check()
        let elapsed = (clock.now - start).components
        let verdict: ObligationVerdict
        switch outcome {
        case .unsat: verdict = .proved
        case .sat(let model): verdict = .failed(model: model.description)
        case .unknown(let reason): verdict = .unknown(reason: reason)
        }
        return ObligationResult(
            obligation: obligation, verdict: verdict, resourceCount: session.lastResourceCount ?? 0,
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, script: script)
    }

    /// What `premises` alone say of a proof that rests on them: `nil` when they have a model,
    /// `.vacuous` when they have none, `.unknown` when the solver gave up (a proof from premises
    /// not shown satisfiable is not reported as proved).
    static func premisesVerdict(_ premises: [Z3Term], in session: SolverSession) throws -> ObligationVerdict? {
        session.assert(premises)
        switch try session.check() {
        case .sat: return nil
        case .unsat: return .vacuous
        case .unknown(let reason): return .unknown(reason: reason)
        }
    }
}
