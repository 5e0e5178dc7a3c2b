import LemmaLogic

/// Combines the two routes into one verdict, saying which route decided and how far the verdict
/// reaches. Disagreement between the routes is an error, never a verdict.
struct Judgement {
    var verdict: Verdict
    var scope: Scope?
    var counterexample: Counterexample?
    var message: String

    init(
        solver: SolverResult, checker: BoundedResult, checkerBound: Bound, coverageGap: String?, fragment: Fragment,
        reduction: ReductionStatus?
    ) {
        let checked = "checker: \(checker.cases) \(checker.bounds.steps > 1 ? "traces" : "transitions") up to \(checkerBound)"
        let cutoffDecides = fragment.cutoffIsProof && coverageGap == nil && fragment.cutoff.isWithin(checkerBound)
        switch (solver.answer, checker.answer) {
        case (.proved, .refuted(let found)):
            self.init(
                verdict: .error, scope: nil, counterexample: found,
                message: "internal error: the routes disagree: Z3 proved the lemma on paths, the explicit-state checker found a counterexample on trees")
        case (.provedByInduction(let steps), .refuted(let found)):
            self.init(
                verdict: .error, scope: nil, counterexample: found,
                message: "internal error: the routes disagree: Z3 proved the lemma by induction on path length (base: \(steps) steps), the explicit-state checker found a counterexample on trees")
        case (.provedByInduction(let steps), _):
            let base = "z3: unknown on the full query; proved by induction on path length (base cases up to \(steps) steps per path by z3, step by the cutoff argument)"
            if let reduction, reduction.holds {
                self.init(
                    verdict: .proved, scope: .unbounded, counterexample: nil,
                    message: "\(base); reduction: \(reduction.results.count) obligations proved under \(reduction.rules.name); \(checked) agree")
            } else {
                self.init(verdict: .proved, scope: .bounded(checkerBound), counterexample: nil, message: "\(base), but the reduction does not hold under these rules; \(checked)")
            }
        case (.proved, _):
            if let reason = fragment.outsideReason {
                self.init(verdict: .proved, scope: .bounded(checkerBound), counterexample: nil, message: "\(reason); \(checked)")
            } else if let reduction, reduction.holds {
                self.init(
                    verdict: .proved, scope: .unbounded, counterexample: nil,
                    message: "z3: unsat at the path level (all lengths); reduction: \(reduction.results.count) obligations proved under \(reduction.rules.name); \(checked) agree")
            } else {
                let unproved = reduction.map { $0.error ?? $0.unproved.joined(separator: ", ") } ?? "not run"
                self.init(
                    verdict: .proved, scope: .bounded(checkerBound), counterexample: nil,
                    message: "z3: unsat at the path level, but the reduction does not hold under these rules (\(unproved)); \(checked)")
            }
        case (.refuted(let counterexample), let bounded):
            var note = "z3: counterexample, replayed on trees"
            switch bounded {
            case .refuted: note += "; \(checked): also refuted"
            case .holds where cutoffDecides:
                self.init(
                    verdict: .error, scope: nil, counterexample: counterexample,
                    message: "internal error: the routes disagree: Z3's counterexample replays, but the checker found none within the cutoff \(fragment.cutoff)")
                return
            case .holds: note += "; \(checked): none that small"
            case .inapplicable(let why): note += "; checker: \(why)"
            }
            self.init(verdict: .refuted, scope: nil, counterexample: counterexample, message: note)
        case (.unknown(let reason), .refuted(let found)), (.inapplicable(let reason), .refuted(let found)):
            self.init(verdict: .refuted, scope: nil, counterexample: found, message: "\(reason); \(checked): refuted")
        case (.unknown(let reason), .holds):
            if cutoffDecides {
                self.init(
                    verdict: .proved, scope: .unbounded, counterexample: nil,
                    message: "\(reason); proved by exhausting the cutoff \(fragment.cutoff) (\(checked))")
            } else {
                self.init(verdict: .unknown, scope: nil, counterexample: nil, message: "\(reason); \(checked): no counterexample")
            }
        case (.inapplicable(let reason), .holds):
            self.init(verdict: .proved, scope: .bounded(checkerBound), counterexample: nil, message: "\(reason); \(checked)")
        case (.unknown(let reason), .inapplicable(let why)), (.inapplicable(let reason), .inapplicable(let why)):
            self.init(verdict: .unknown, scope: nil, counterexample: nil, message: "\(reason); checker: \(why)")
        case (.failed(let why), _):
            self.init(verdict: .error, scope: nil, counterexample: nil, message: why)
        }
    }

    private init(verdict: Verdict, scope: Scope?, counterexample: Counterexample?, message: String) {
        self.verdict = verdict
        self.scope = scope
        self.counterexample = counterexample
        self.message = message
    }
}
