import Z3Kit

/// Discharges obligations, each in a fresh `Z3Context` and `Z3Solver` with a time limit.
public struct ObligationRunner: Sendable {
    /// The arguments with which cvc5 1.0.3 checks an exported script (`cvc5 ARGUMENTS FILE`):
    /// without `--strings-exp` it rejects the sequence operator `seq.nth`.
    public static let cvc5Arguments = ["--lang", "smt2", "--strings-exp"]

    /// The time limit of each check, in milliseconds.
    public let timeoutMilliseconds: Int

    /// A runner whose checks stop after `timeoutMilliseconds`.
    public init(timeoutMilliseconds: Int = 10_000) {
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Builds `obligation`'s query, exports it, and checks it.
    public func discharge(_ obligation: Obligation) throws -> ObligationResult {
        let context = try Z3Context(timeoutMilliseconds: timeoutMilliseconds)
        let solver = try Z3Solver(context)
        let (premises, goal) = try ObligationQuery.query(for: obligation, in: context)
        for premise in premises {
            try solver.assert(premise)
        }
        try solver.assert(try goal.not())
        let script = try solver.smtlib2Script()
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try solver.check()
        let elapsed = (clock.now - start).components
        let verdict: ObligationVerdict
        switch outcome {
        case .unsat: verdict = .proved
        case .sat(let model): verdict = .failed(model: model.description)
        case .unknown(let reason): verdict = .unknown(reason: reason)
        }
        return ObligationResult(
            obligation: obligation, verdict: verdict, resourceCount: solver.lastCheckResourceCount ?? 0,
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, script: script)
    }
}
