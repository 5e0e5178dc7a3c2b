import ArgumentParser
import Encoding
import Prover

/// The limits of every solver check, shared by the commands that run Z3: resource units first
/// (deterministic on any machine and under any load), wall clock as a backstop.
struct SolverLimitOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Z3 resource units each solver check may spend, 1 to 4000000000: the deterministic limit (about 3 million a second here).")
    var rlimit = SolverBudget.standard.resourceLimit

    @Option(parsing: .unconditional, help: "Wall-clock backstop of each solver check, in seconds (more than 0, at most 86400).")
    var timeout = Double(SolverBudget.standard.milliseconds) / 1000

    func validate() throws {
        try UsageError.validating {
            guard (1...4_000_000_000).contains(rlimit) else { throw UsageError(.valueOutOfRange, "--rlimit must be from 1 to 4000000000, not \(rlimit)") }
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
                throw UsageError(.valueOutOfRange, "--timeout must be a number of seconds above 0 and at most 86400, not \(timeout)")
            }
        }
    }

    /// Sets both limits in `options`.
    func apply(to options: inout VerifierOptions) {
        options.resourceLimit = rlimit
        options.timeoutSeconds = timeout
    }
}
