extension Verifier {
    /// `reports`, each with an explanation when the run explains: items `prove` did not explain
    /// (scenarios, ill-formed or interrupted items) say why explain does not apply to them.
    func explainedOrNot(_ reports: [LemmaReport]) -> [LemmaReport] {
        guard options.explains else { return reports }
        return reports.map { report in
            guard report.explanation == nil else { return report }
            var explained = report
            switch (report.kind, report.verdict) {
            case (.scenario, _):
                explained.explanation = .notApplicable("a scenario's checks are evaluated on its renders, not proved by Z3")
            case (.lemma, .error):
                explained.explanation = .notApplicable("the verdict is error: explain applies to proved and refuted lemmas")
            case (.lemma, _):
                explained.explanation = .notApplicable("the lemma was not checked: \(report.message)")
            }
            return explained
        }
    }
}
