// Prover's routes and verdicts answer in Results' types, so whoever imports Prover gets them.
@_exported import Results

/// Results' counterexample, not ModelChecker's, wherever Prover says `Counterexample`.
package typealias Counterexample = Results.Counterexample
