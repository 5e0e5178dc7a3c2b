/// The search for a proved lemma's witness (trees on which all its assumptions hold) and what its
/// outcome makes of the report, the same for identity and invalidation lemmas.
enum WitnessSearch {
    /// The witness and Z3's answer when Z3 was asked. In a run the checker goes first (its first
    /// case costs little, while Z3 shrinks its model in a dozen checks) and Z3 only when it finds
    /// none; `solverFirst` asks Z3 first, for a witness to read (`--example`: a shrunk model whose
    /// paths are labelled).
    static func run(
        solverFirst: Bool, checker: () -> Counterexample?, solver: () -> SolverResult
    ) -> (Counterexample?, SolverResult?) {
        var found: Counterexample?
        var asked: SolverResult?
        func askSolver() {
            let answer = solver()
            if case .refuted(let witness) = answer.answer { found = witness }
            asked = answer
        }
        if solverFirst { askSolver() }
        if found == nil { found = checker() }
        if found == nil, !solverFirst { askSolver() }
        // Nothing goes wrong in a witness: the assumptions hold on it.
        found?.failure = nil
        return (found, asked)
    }

    /// Vacuity in `report`: the witness when there is one; else `vacuous` when Z3 proved the
    /// assumptions unsatisfiable and `unbounded` (the proof carries to every tree), saying
    /// `vacuity`; else `unknown`, since no `thing` was shown to satisfy them.
    static func record(
        _ found: Counterexample?, solver: SolverResult?, unbounded: Bool, vacuity: String, thing: String,
        into report: inout LemmaReport
    ) {
        if let found {
            report.witness = found
        } else if case .proved? = solver?.answer, unbounded {
            report.outcome = .vacuous
            report.message = "vacuous: \(vacuity); " + report.message
        } else {
            let reason = UnknownReason.noWitness(thing: thing, solver: solver?.answer)
            report.outcome = .unknown(reason: reason)
            report.message = ReasonText.sentence(reason) + "; " + report.message
        }
    }
}
