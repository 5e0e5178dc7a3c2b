import LemmaLogic

/// Combines the two routes into one verdict, saying which route decided and how far the verdict
/// reaches.
///
/// `proved [unbounded]` has exactly one source: Z3's unsat at the path level for a lemma whose rules
/// are local, with every reduction obligation of those rules proved; `proved [bounded]` one more:
/// Z3's unsat among short paths, under the same conditions. The checker's exhaustion proves
/// nothing: it covers a small vocabulary (a few types, keys and values), so a false lemma can pass
/// it; it is reported as no counterexample found, with what was enumerated. Z3's `unknown` stays
/// unknown. A counterexample from either route has been replayed on trees, so it refutes the lemma;
/// the routes disagree (an error) only when a proof meets a counterexample on trees.
struct Judgement {
    var outcome: Outcome
    var message: String

    init(solver: SolverResult, checker: BoundedResult, checkerBound: Bound, fragment: Fragment, reduction: ReductionStatus?) {
        let checked = "checker: \(checker.cases) \(checker.bounds.steps > 1 ? "traces" : "transitions") up to \(checkerBound)"
        let exhausted = "no counterexample among the trees it enumerates (\(checker.bounds.enumeratedTrees)); not a proof"
        let reductionShortfall: UnknownReason.ProofShortfall?
        if let outside = fragment.outsideReason {
            reductionShortfall = .outsideFragment(outside)
        } else if let reduction {
            reductionShortfall = reduction.shortfall.map { .obligations($0) }
        } else {
            reductionShortfall = .obligations(.notRun(.reduction))
        }
        func checkerOnly(_ reason: UnknownReason) -> Judgement {
            let said = ReasonText.sentence(reason)
            switch checker.answer {
            case .refuted(let found):
                return Judgement(.refuted(found), message: "\(said); \(checked): refuted")
            case .holds:
                return Judgement(.unknown(reason: reason), message: "\(said); \(checked): \(exhausted)")
            case .inapplicable(let why):
                let inapplicable = UnknownReason.checkerInapplicable(solver: reason, why: why)
                return Judgement(.unknown(reason: inapplicable), message: ReasonText.sentence(inapplicable))
            }
        }
        switch solver.answer {
        case .failed(let why):
            self.init(.error(why), message: ReasonText.sentence(why))
        case .refuted(let counterexample):
            var note = "z3: counterexample, replayed on trees"
            switch checker.answer {
            case .refuted: note += "; \(checked): also refuted"
            case .holds: note += "; \(checked): none among the trees it enumerates"
            case .inapplicable(let why): note += "; checker: \(why)"
            }
            self.init(.refuted(counterexample), message: note)
        case .proved:
            let base = "z3: unsat at the path level (all lengths)"
            if let shortfall = reductionShortfall {
                self = checkerOnly(.noUnboundedProof(proof: .paths, shortfall: shortfall))
            } else if case .refuted(let found) = checker.answer {
                self.init(.error(.routesDisagree, counterexample: found), message: "internal error: the routes disagree: Z3 proved the lemma on paths and the reduction holds, but the explicit-state checker found a counterexample on trees")
            } else {
                self.init(.proved(.unbounded), message: "\(base); reduction: \(reduction?.results.count ?? 0) obligations proved under \(reduction?.rules.name ?? "?"); \(checked) agree")
            }
        case .provedForShortPaths(let steps, let reason):
            let base = ReasonText.shortPathProof(steps: steps, full: reason)
            if let shortfall = reductionShortfall {
                self = checkerOnly(.noUnboundedProof(proof: .shortPaths(steps: steps, full: reason), shortfall: shortfall))
            } else if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), message: "\(base); \(checked): refuted")
            } else {
                self.init(.proved(.bounded(.pathLength(steps: steps))), message: "\(base); \(checked) agree")
            }
        case .unknown(let reason):
            let said = ReasonText.sentence(reason)
            if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), message: "\(said); \(checked): refuted")
            } else if case .holds = checker.answer {
                self.init(.unknown(reason: reason), message: "\(said); \(checked): \(exhausted)")
            } else {
                self.init(.unknown(reason: reason), message: said)
            }
        case .inapplicable(let reason):
            self = checkerOnly(.solverInapplicable(reason))
        }
    }

    private init(_ outcome: Outcome, message: String) {
        self.outcome = outcome
        self.message = message
    }
}
