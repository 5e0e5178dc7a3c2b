/// A script that a second solver (`SecondSolvers`) did not answer as expected: a drift when it gave
/// another answer or failed, inconclusive when it gave none within its time limit or said `unknown`
/// (the script is then not re-checked, and nothing says it is wrong).
package struct SecondSolverProblem: Equatable, Sendable, CustomStringConvertible {
    /// What the solver did instead of the expected answer.
    package enum Kind: Equatable, Sendable {
        /// Another answer (`sat` for `unsat`, or text no solver answers with): a drift.
        case answered(String)
        /// Stopped by its time limit with no answer (cvc5 writes nothing and says so on standard
        /// error; z3 answers `timeout`): inconclusive.
        case noAnswerWithinLimit
        /// Answered `unknown`: inconclusive.
        case unknown
        /// No answer, and no word of its time limit: it failed (the first line it wrote on standard
        /// error). A drift, since nothing says the script was too hard.
        case failed(String)

        /// What a solver that wrote `answer` (its first line) and `errors` on standard error did,
        /// or `nil` when it answered `expected`.
        init?(answer: String, errors: String, expected: SecondSolvers.Expectation) {
            switch answer {
            case expected.rawValue: return nil
            case "timeout": self = .noAnswerWithinLimit
            case "unknown": self = .unknown
            case "" where errors.contains("interrupted by timeout"): self = .noAnswerWithinLimit
            case "": self = .failed(errors.split(separator: "\n").first.map(String.init) ?? "")
            default: self = .answered(answer)
            }
        }
    }

    /// The script's name in `Proofs/` (`lemmas/NAME.smt2`).
    package var script: String
    package var solver: String
    package var expected: SecondSolvers.Expectation
    package var kind: Kind
    /// The solver's time limit, in milliseconds.
    package var timeLimit: Int

    /// Whether the problem says the recorded verdict may be wrong (another answer, a failure), as
    /// opposed to a re-check that did not conclude.
    package var isDrift: Bool {
        switch kind {
        case .answered, .failed: return true
        case .noAnswerWithinLimit, .unknown: return false
        }
    }

    /// A stable code for the kind, as the reports' reason codes are.
    package var code: String {
        switch kind {
        case .answered: return "second-solver-disagrees"
        case .failed: return "second-solver-failed"
        case .noAnswerWithinLimit: return "second-solver-no-answer-within-limit"
        case .unknown: return "second-solver-unknown"
        }
    }

    package var description: String {
        switch kind {
        case .answered(let answer): return "\(script): \(solver) answered '\(answer)', expected \(expected.rawValue)"
        case .failed(let error):
            return "\(script): \(solver) gave no answer and failed (\(error.isEmpty ? "nothing on standard error" : error)), expected \(expected.rawValue)"
        case .noAnswerWithinLimit:
            return "\(script): \(solver) gave no answer within its limit (\(timeLimit) ms), expected \(expected.rawValue): not re-checked [\(code)]"
        case .unknown: return "\(script): \(solver) answered 'unknown', expected \(expected.rawValue): not re-checked [\(code)]"
        }
    }
}
