import Dispatch
import LemmaLanguage

extension Verifier {
    /// A judged lemma's report, the same for every layer: `verdict` of `lemma` under `rules`, the
    /// `obligations` an unbounded proof rests on, the solver's script and, for a refutation it found,
    /// its certificate. `layer` adds what is the layer's own (vacuity, `--explain`); `seconds` are
    /// the routes' time, to which the judging's is added.
    func report<Layer>(
        of lemma: CheckedLemma, file: String, rules: String, verdict: VerdictTable<Layer>, solver: SolverResult,
        obligations: [String]?, seconds: Double, layer: (inout LemmaReport) -> Void
    ) -> LemmaReport {
        let start = DispatchTime.now()
        var report = LemmaReport(
            name: lemma.name, kind: .lemma, file: file, line: lemma.range.start.line, column: lemma.range.start.column,
            summary: lemma.summary, sources: lemma.sources.map(\.description), rules: rules, expected: lemma.expectation,
            outcome: verdict.outcome, seconds: 0, message: verdict.message, resourceCount: solver.resourceCount)
        report.checkerStop = verdict.checkerStop
        if report.scope == .unbounded { report.obligations = obligations ?? [] }
        report.boundedByDesign = lemma.boundedByDesign
        report.requiresUnbounded = options.requireUnbounded && lemma.boundedByDesign == nil
        layer(&report)
        report.script = solver.script
        if case .refuted = solver.answer, report.verdict == .refuted { report.certificate = solver.certificate }
        report.seconds = seconds + Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }
}
