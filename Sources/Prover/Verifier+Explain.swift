import Encoding
import LemmaLanguage
import LemmaLogic

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
                explained.explanation = .notApplicable(.scenario)
            case (.lemma, .error):
                explained.explanation = .notApplicable(.verdictError)
            case (.lemma, _):
                explained.explanation = .notApplicable(.notChecked(message: report.message))
            }
            return explained
        }
    }

    /// The verdict of `variant`, a lemma explain wrote from one of the run's (an assumption left
    /// out or negated, lowered again), by what decides any lemma's: both routes and `Judgement`,
    /// with the reduction of its rule set. No vacuity check: a variant's verdict says whether
    /// a counterexample exists, which holds of no trees too. A signal stops its walk like the
    /// run's (the verdict is then unknown, and the run reports nothing).
    func outcome(ofVariant variant: CheckedLemma, reduction: ReductionStatus?) -> Outcome {
        guard let prepared = prepare(variant, file: "") else {
            return .unknown(reason: .solverInapplicable("a variant of an invalidation lemma is not judged by the identity routes"))
        }
        let solver = SolverRoute(budget: budget).run(prepared.spec, inductionSteps: SolverRoute.inductionSteps)
        var route = BoundedRoute(workers: checkerWorkers)
        route.isCancelled = { cancellation.isCancelled }
        route.budget = options.walkBudget
        let checker = route.run(prepared.spec, bound: prepared.checkerBound)
        if cancellation.isCancelled { return .unknown(reason: .solver(.interrupted)) }
        return Judgement(
            solver: solver, checker: checker, checkerBound: prepared.checkerBound, fragment: Fragment(prepared.spec),
            reduction: reduction
        ).outcome
    }

    /// The verdict of `variant`, an invalidation lemma explain wrote from one of the run's, by what
    /// decides any invalidation lemma: both routes and `InvalidationJudgement`, with `locality`,
    /// the obligations of its rule set the run discharged. No vacuity check, as above.
    func outcome(ofInvalidationVariant variant: CheckedLemma, locality: InvalidationLocalityStatus?) -> Outcome {
        guard let statement = variant.invalidation else {
            return .unknown(reason: .solverInapplicable("an identity lemma's variant is judged by the identity routes"))
        }
        let spec = invalidationSpec(variant, statement)
        let (solver, checker) = invalidationRoutes(spec)
        if cancellation.isCancelled { return .unknown(reason: .solver(.interrupted)) }
        return InvalidationJudgement(
            solver: solver, checker: checker, locality: locality,
            premise: InvalidationJudgement.realizabilityShortfall(identityRules: spec.identityRules)
        ).outcome
    }
}
