/// Why a solver check stopped without an answer, as the solver layer knows it: the budget that ran
/// out, an interrupt, or Z3's own reason. Each case has a stable `code` that reports carry.
package enum SolverStop: Hashable, Sendable, CustomStringConvertible {
    /// The check spent its budget's `units` Z3 resource units; `z3` is Z3's own word for it.
    case resourceLimit(units: Int, z3: String)
    /// The check ran past its budget's `milliseconds`; `z3` is Z3's own word for it.
    case timeLimit(milliseconds: Int, z3: String)
    /// The run was cancelled (a signal): this check and every later one stop.
    case interrupted
    /// The wall-clock backstop interrupted the check, and its session was retired.
    case backstop
    /// Z3 could not decide within its own limits (`z3`: its reason, e.g. `(incomplete quantifiers)`).
    case incomplete(z3: String)

    /// The stable code reports carry.
    package var code: String {
        switch self {
        case .resourceLimit: return "resource-limit"
        case .timeLimit: return "time-limit"
        case .interrupted: return "interrupted"
        case .backstop: return "backstop"
        case .incomplete: return "solver-incomplete"
        }
    }

    /// The stop as a sentence: the words the reduction's obligation verdicts and the reports use.
    package var description: String {
        switch self {
        case .resourceLimit(let units, let z3): return "resource limit reached (\(units) units; z3: \(z3))"
        case .timeLimit(let milliseconds, let z3): return "time limit reached (\(milliseconds) ms; z3: \(z3))"
        case .interrupted: return "interrupted"
        case .backstop: return "interrupted by the wall-clock backstop; the session was retired"
        case .incomplete(let z3): return z3
        }
    }
}
