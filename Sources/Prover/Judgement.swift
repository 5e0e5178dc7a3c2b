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
        let reductionShortfall: String?
        if let outside = fragment.outsideReason {
            reductionShortfall = outside
        } else if let reduction {
            reductionShortfall = reduction.shortfall
        } else {
            reductionShortfall = "the reduction was not run"
        }
        func checkerOnly(_ reason: String) -> Judgement {
            switch checker.answer {
            case .refuted(let found):
                return Judgement(.refuted(found), message: "\(reason); \(checked): refuted")
            case .holds:
                return Judgement(.unknown(reason: reason), message: "\(reason); \(checked): \(exhausted)")
            case .inapplicable(let why):
                return Judgement(.unknown(reason: "\(reason); checker: \(why)"), message: "\(reason); checker: \(why)")
            }
        }
        switch solver.answer {
        case .failed(let why):
            self.init(.error(why), message: why)
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
                self = checkerOnly("\(base), but no unbounded proof: \(shortfall)")
            } else if case .refuted(let found) = checker.answer {
                self.init(.error("the routes disagree", counterexample: found), message: "internal error: the routes disagree: Z3 proved the lemma on paths and the reduction holds, but the explicit-state checker found a counterexample on trees")
            } else {
                self.init(.proved(.unbounded), message: "\(base); reduction: \(reduction?.results.count ?? 0) obligations proved under \(reduction?.rules.name ?? "?"); \(checked) agree")
            }
        case .provedForShortPaths(let steps, let reason):
            let base = "\(reason) on the full query; no counterexample among paths of at most \(steps) steps"
            if let shortfall = reductionShortfall {
                self = checkerOnly("\(base), but \(shortfall)")
            } else if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), message: "\(base); \(checked): refuted")
            } else {
                self.init(.proved(.bounded(.pathLength(steps: steps))), message: "\(base); \(checked) agree")
            }
        case .unknown(let reason):
            if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), message: "\(reason); \(checked): refuted")
            } else if case .holds = checker.answer {
                self.init(.unknown(reason: reason), message: "\(reason); \(checked): \(exhausted)")
            } else {
                self.init(.unknown(reason: reason), message: reason)
            }
        case .inapplicable(let reason):
            self = checkerOnly(reason)
        }
    }

    private init(_ outcome: Outcome, message: String) {
        self.outcome = outcome
        self.message = message
    }
}
