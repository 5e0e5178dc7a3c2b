import Invalidation
import LemmaLogic

extension Checker {
    /// Checks a lemma with an `invalidation` header: a known invalidation rule set (E047), exactly
    /// two renders with every path bound in the later one (E049), formulas in the invalidation
    /// vocabulary (`InvalidationFormulaChecker`).
    func checkInvalidationLemma(
        _ lemma: Lemma, invalidation: Located<String>, header: (ruleSet: String, expectation: Expectation)?,
        paths: [CheckedLemma.PathVariable], _ diagnostics: inout [Diagnostic]
    ) -> CheckedLemma? {
        let name = lemma.header.name
        if InvalidationRules.named(invalidation.value) == nil {
            diagnostics.append(Diagnostic(
                .unknownInvalidationRules, "unknown invalidation rule set '\(invalidation.value)'", at: invalidation.range.start,
                notes: [Diagnostic.Note("known invalidation rule sets: \(InvalidationRules.all.map(\.name).joined(separator: ", "))")]))
        }
        guard lemma.renders.count == 2, !lemma.anyProgram else {
            diagnostics.append(Diagnostic(
                .invalidationLemmaShape,
                "invalidation lemma '\(name.value)' must declare exactly two renders of one program (the earlier and the later)",
                at: (lemma.renders.first?.range ?? name.range).start))
            return nil
        }
        let (earlier, later) = (lemma.renders[0].value, lemma.renders[1].value)
        for path in paths where path.render != later {
            diagnostics.append(Diagnostic(
                .invalidationLemmaShape,
                "path '\(path.name)' of invalidation lemma '\(name.value)' must be bound in the later render '\(later)'",
                at: path.range.start))
        }
        var formulas = InvalidationFormulaChecker(paths: paths.map(\.name), earlier: earlier, later: later)
        let assumptions = lemma.assumptions.compactMap { formulas.check($0) }
        let conclusion = lemma.conclusion.flatMap { formulas.check($0) }
        diagnostics += formulas.diagnostics
        if lemma.conclusion == nil, !lemma.hasSyntaxErrors {
            diagnostics.append(Diagnostic(.missingShow, "lemma '\(name.value)' has no 'show'", at: name.range.start))
        }
        guard let header, let conclusion, assumptions.count == lemma.assumptions.count,
            !diagnostics.contains(where: \.isError)
        else { return nil }
        return CheckedLemma(
            name: name.value, summary: lemma.header.summary?.value, sources: lemma.header.sources.map(\.value),
            ruleSet: header.ruleSet, expectation: header.expectation, renders: lemma.renders.map(\.value),
            anyProgram: false, paths: paths,
            invalidation: CheckedInvalidationLemma(
                ruleSet: invalidation.value, indexNames: formulas.indexNames, assumptions: assumptions, conclusion: conclusion),
            assumptions: [], conclusion: CheckedFormula(.constant(true), range: lemma.range),
            boundedByDesign: lemma.boundedByDesign?.value, range: lemma.range)
    }
}
