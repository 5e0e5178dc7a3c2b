/// The verdict table of `Judgement` for invalidation lemmas: `proved [unbounded]` only from Z3's
/// unsat over views with every locality obligation of the rule set proved; the checker's
/// exhaustion of its small domain proves nothing; a counterexample from either route was replayed
/// through `BodyEvaluator`; a proof that meets a replayed counterexample is an error.
struct InvalidationJudgement {
    var outcome: Outcome
    var message: String

    init(solver: SolverResult, checker: InvalidationBoundedRoute.Result, locality: InvalidationLocalityStatus?) {
        let checked = "checker: \(checker.cases) views (\(checker.domain))"
            + (checker.unrealized > 0 ? ", \(checker.unrealized) its trees did not realize" : "")
        let shortfall = locality.map(\.shortfall) ?? "the invalidation locality obligations were not run"
        func checkerOnly(_ reason: String) -> InvalidationJudgement {
            switch checker.answer {
            case .refuted(let found): return InvalidationJudgement(.refuted(found), "\(reason); \(checked): refuted")
            case .holds: return InvalidationJudgement(.unknown(reason: reason), "\(reason); \(checked): no counterexample; not a proof")
            case .inapplicable(let why): return InvalidationJudgement(.unknown(reason: "\(reason); checker: \(why)"), "\(reason); checker: \(why)")
            }
        }
        switch solver.answer {
        case .failed(let why):
            self.init(.error(why), why)
        case .refuted(let counterexample):
            var note = "z3: counterexample, replayed through BodyEvaluator"
            switch checker.answer {
            case .refuted: note += "; \(checked): also refuted"
            case .holds: note += "; \(checked): none in its domain"
            case .inapplicable(let why): note += "; checker: \(why)"
            }
            self.init(.refuted(counterexample), note)
        case .proved:
            let base = "z3: unsat over views (any number of properties)"
            if let shortfall {
                self = checkerOnly("\(base), but no unbounded proof: \(shortfall)")
            } else if case .refuted(let found) = checker.answer {
                self.init(.error("the routes disagree", counterexample: found), "internal error: the routes disagree: Z3 proved the invalidation lemma, but the checker's trees refute it")
            } else {
                let cross: String
                if case .inapplicable(let why) = checker.answer { cross = "checker: \(why)" } else { cross = "\(checked) agree" }
                self.init(.proved(.unbounded), "\(base); locality: \(locality?.results.count ?? 0) obligations proved under \(locality?.rules.name ?? "?"); \(cross)")
            }
        case .provedForShortPaths, .inapplicable:
            self = checkerOnly("z3: \(solver.answer.brief)")
        case .unknown(let reason):
            if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), "\(reason); \(checked): refuted")
            } else {
                self.init(.unknown(reason: reason), reason)
            }
        }
    }

    private init(_ outcome: Outcome, _ message: String) {
        self.outcome = outcome
        self.message = message
    }
}
