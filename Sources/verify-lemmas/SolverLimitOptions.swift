import ArgumentParser
import Encoding
import ModelChecker
import Prover

/// The limits of every solver check and checker walk, shared by the commands that run both: resource
/// units and cases first (deterministic on any machine and under any load), wall clock as a backstop.
struct SolverLimitOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Z3 resource units each solver check may spend, 1 to 4000000000: the deterministic limit (about 3 million a second here).")
    var rlimit = SolverBudget.standard.resourceLimit

    @Option(parsing: .unconditional, help: "Wall-clock backstop of each solver check, in seconds (more than 0, at most 86400).")
    var timeout = Double(SolverBudget.standard.milliseconds) / 1000

    @Option(
        name: .customLong("checker-cases"), parsing: .unconditional,
        help: "Cases each explicit-state checker walk may examine, 1 to 1000000000: its deterministic limit (a walk past it stops and its item says so; the walk's wall-clock backstop is ten times --timeout). An invalidation lemma's cases are its candidates, each one history of the lemma's views built as trees and judged, which a verdict counts as 'checker: N candidates judged on trees'.")
    var checkerCases = WalkBudget.standardCases

    func validate() throws {
        try UsageError.validating {
            guard (1...1_000_000_000).contains(checkerCases) else {
                throw UsageError(.valueOutOfRange, "--checker-cases must be from 1 to 1000000000, not \(checkerCases)")
            }
            guard (1...4_000_000_000).contains(rlimit) else { throw UsageError(.valueOutOfRange, "--rlimit must be from 1 to 4000000000, not \(rlimit)") }
            guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
                throw UsageError(.valueOutOfRange, "--timeout must be a number of seconds above 0 and at most 86400, not \(timeout)")
            }
        }
    }

    /// Sets the limits in `options`.
    func apply(to options: inout VerifierOptions) {
        options.resourceLimit = rlimit
        options.timeoutSeconds = timeout
        options.checkerCases = checkerCases
    }
}
