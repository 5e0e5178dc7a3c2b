/// The result of a whole run.
package struct RunReport: Sendable {
    package var z3Version: String
    package var ruleSet: String
    package var lemmas: [LemmaReport]
    /// Input diagnostics (compiler-style text).
    package var diagnostics: [String]
    /// The same diagnostics, with their places and ids (for JSON and SARIF).
    package var problems: [InputProblem] = []
    /// Whether any input was ill-formed.
    package var hasInputErrors: Bool
    /// The reduction obligations discharged, per rule set.
    package var reductions: [ReductionStatus]
    package var seconds: Double
    /// What the run covers: its shard, the options its verdicts depend on, its inputs.
    package var coverage: RunCoverage
    /// The invalidation locality obligations discharged, per invalidation rule set.
    package var invalidationLocality: [InvalidationLocalityStatus] = []
    /// The mutation score, when the run asked for it (`--mutants`).
    package var mutants: [MutantOutcome]?
    /// Whether the run was cancelled (`Verifier.cancellation`): its report is partial (cancelled
    /// before the report was made, it has no items and no digest of its inputs; later, the items
    /// it did not decide are `unknown (interrupted)`). The command line writes no report of it.
    package var interrupted = false

    /// The rules R1-R10 that no lemma or scenario of the run exercises: none that came out as
    /// expected names it as a source.
    package var unexercisedRules: [String] {
        let exercised = Set(lemmas.filter(\.asExpected).flatMap(\.sources))
        return (1...10).map { "R\($0)" }.filter { !exercised.contains($0) }
    }

    /// 0: everything as expected; 1: some lemma not as expected (unknown included), a mutant
    /// survived (one not applicable does not count), or the run was interrupted; 2: bad input.
    package var exitCode: Int32 {
        if hasInputErrors { return 2 }
        if interrupted { return 1 }
        if let mutants, mutants.contains(where: \.survived) { return 1 }
        return lemmas.allSatisfy(\.asExpected) ? 0 : 1
    }
}
