import Invalidation
import LemmaLanguage
import LemmaLogic

extension Verifier {
    /// The invalidation rules an item whose own are `own` runs under: the run's `--rules`, else
    /// its own, with the run's invalidation mutant applied.
    func invalidationRules(for own: InvalidationRules) -> InvalidationRules {
        let base = options.invalidationRules ?? own
        return options.invalidationMutation.map(base.mutated) ?? base
    }

    /// The routes of an invalidation lemma: Z3 over views, and the checker over a small domain of
    /// views built as trees.
    func invalidationRoutes(_ spec: InvalidationLemmaSpec) -> (solver: SolverResult, checker: InvalidationBoundedRoute.Result) {
        (InvalidationSolverRoute(budget: budget).run(spec, exportScript: options.exportScripts),
         InvalidationBoundedRoute(domain: observedDomain, budget: options.walkBudget).run(spec))
    }

    /// An invalidation lemma's verdict from its routes: unbounded only with Z3's unsat and every
    /// locality obligation proved; with the vacuity witness. `seconds` are the routes' time.
    func judgeInvalidation(
        _ lemma: CheckedLemma, spec: InvalidationLemmaSpec, file: String, solver: SolverResult,
        checker: InvalidationBoundedRoute.Result, locality status: InvalidationLocalityStatus?, seconds: Double
    ) -> LemmaReport {
        let verdict = InvalidationJudgement(
            solver: solver, checker: checker, locality: status,
            premise: InvalidationJudgement.realizabilityShortfall(identityRules: spec.identityRules))
        return report(
            of: lemma, file: file, rules: "\(spec.identityRules.name), invalidation \(spec.rules.name)", verdict: verdict,
            solver: solver, obligations: status?.results.map(\.obligation.id), seconds: seconds
        ) { report in
            if options.checksVacuity, report.verdict == .proved, !spec.assumptions.isEmpty {
                witnessAssumptions(of: spec, locality: status, into: &report)
            }
            if options.explains {
                let explainer = Explainer(budget: options.budget) { outcome(ofInvalidationVariant: $0, locality: status) }
                report.explanation = explainer.explainInvalidation(
                    lemma, file: file, outcome: report.outcome, obligations: report.obligations, rules: spec.identityRules)
            }
        }
    }

    /// Vacuity, as for identity lemmas: views on which all assumptions hold, replayed (the checker's,
    /// else a Z3 model of the negated assumptions); assumptions Z3 proves unsatisfiable, with
    /// locality proved, make the lemma `vacuous`; neither shown, `unknown`.
    private func witnessAssumptions(
        of spec: InvalidationLemmaSpec, locality: InvalidationLocalityStatus?, into report: inout LemmaReport
    ) {
        let (found, solver) = witness(of: spec)
        WitnessSearch.record(
            found, solver: solver,
            unbounded: InvalidationJudgement.shortfall(
                obligations: locality, premise: InvalidationJudgement.premise(identityRules: spec.identityRules)) == nil,
            vacuity: "z3 proves that no view satisfies the assumptions together", thing: "view", into: &report)
    }

    /// Views on which all of `spec`'s assumptions hold, replayed, with Z3's answer when Z3 was
    /// asked (`WitnessSearch.run`; the checker's domain is observed once per run, so it costs little).
    func witness(of spec: InvalidationLemmaSpec, solverFirst: Bool = false) -> (Counterexample?, SolverResult?) {
        let specs = Self.witnessSpecs(of: spec)
        return WitnessSearch.run(
            solverFirst: solverFirst,
            checker: {
                if case .refuted(let witness) = InvalidationBoundedRoute(domain: observedDomain, budget: options.walkBudget).run(specs.checker).answer { return witness }
                return nil
            },
            solver: { InvalidationSolverRoute(budget: budget).run(specs.solver, exportScript: false) })
    }

    /// The lemma a counterexample of which is a witness of `spec`'s assumptions: for Z3, the negated
    /// assumptions; for the checker the same statement as the assumptions implying false, so that it
    /// leaves out a candidate whose links falsify one of them before building its trees (`LinkAssumptions`).
    static func witnessSpecs(of spec: InvalidationLemmaSpec) -> (solver: InvalidationLemmaSpec, checker: InvalidationLemmaSpec) {
        var solver = spec
        solver.name = "\(spec.name).assumptions"
        solver.assumptions = []
        solver.conclusion = .not(.and(spec.assumptions))
        solver.expectation = .refuted
        var checker = solver
        checker.assumptions = spec.assumptions
        checker.conclusion = .constant(false)
        return (solver, checker)
    }

    /// The lemma as the routes read it.
    func invalidationSpec(_ lemma: CheckedLemma, _ invalidation: CheckedInvalidationLemma) -> InvalidationLemmaSpec {
        InvalidationLemmaSpec(
            name: lemma.name, paths: lemma.paths.map(\.name), indexNames: invalidation.indexNames, renders: lemma.renders,
            parents: invalidation.parents, rows: invalidation.rows, observableProperties: invalidation.observableProperties,
            environmentKeys: invalidation.environmentKeys, objects: invalidation.objects, mutated: invalidation.mutated, rules: invalidationRules(for: invalidation.ruleSet), identityRules: rules(for: lemma.ruleSet),
            expectation: lemma.expectation, assumptions: invalidation.assumptions, conclusion: invalidation.conclusion)
    }
}
