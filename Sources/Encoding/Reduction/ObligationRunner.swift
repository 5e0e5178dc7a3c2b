import Z3Kit

/// Discharges obligations, each in a fresh `SolverSession` under a budget.
public struct ObligationRunner: Sendable {
    /// The arguments with which cvc5 1.0.3 checks an exported script (`cvc5 ARGUMENTS FILE`):
    /// without `--strings-exp` it rejects the sequence operator `seq.nth`.
    public static let cvc5Arguments = ["--lang", "smt2", "--strings-exp"]

    /// The budget of each obligation's check.
    public let budget: SolverBudget

    /// A runner whose checks spend at most `budget` each.
    public init(budget: SolverBudget = .standard) {
        self.budget = budget
    }

    /// Builds `obligation`'s query, exports it, and checks it.
    public func discharge(_ obligation: Obligation) throws -> ObligationResult {
        let session = try SolverSession(budget: budget)
        let (premises, goal) = try ObligationQuery.query(for: obligation, in: session.context)
        try session.assert(premises)
        try session.assert(try goal.not())
        let script = try session.script()
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
}
