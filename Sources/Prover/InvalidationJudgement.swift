import IdentityModel

/// The verdict table of `Judgement` for invalidation lemmas: `proved [unbounded]` only from Z3's
/// unsat over views with every locality obligation of the rule set proved; the checker's
/// exhaustion of its small domain proves nothing; a counterexample from either route was replayed
/// through `BodyEvaluator`; a proof that meets a replayed counterexample is an error.
struct InvalidationJudgement {
    var outcome: Outcome
    var message: String

    /// `premise`: why the trees' realizability, which the locality obligations take as a premise,
    /// fails under the lemma's identity rules (`InvalidationJudgement.realizabilityShortfall`), if it does.
    init(
        solver: SolverResult, checker: InvalidationBoundedRoute.Result, locality: InvalidationLocalityStatus?,
        premise: ObligationShortfall? = nil
    ) {
        let checked = "checker: \(checker.cases) views (\(checker.domain))"
            + (checker.unrealized > 0 ? ", \(checker.unrealized) its trees did not realize" : "")
        let shortfall = premise ?? locality.map(\.shortfall) ?? .notRun(.locality)
        func checkerOnly(_ reason: UnknownReason) -> InvalidationJudgement {
            let said = ReasonText.sentence(reason)
            switch checker.answer {
            case .refuted(let found): return InvalidationJudgement(.refuted(found), "\(said); \(checked): refuted")
            case .holds: return InvalidationJudgement(.unknown(reason: reason), "\(said); \(checked): no counterexample; not a proof")
            case .inapplicable(let why):
                let inapplicable = UnknownReason.checkerInapplicable(solver: reason, why: why)
                return InvalidationJudgement(.unknown(reason: inapplicable), ReasonText.sentence(inapplicable))
            }
        }
        switch solver.answer {
        case .failed(let why):
            self.init(.error(why), ReasonText.sentence(why))
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
                self = checkerOnly(.noUnboundedProof(proof: .views, shortfall: .obligations(shortfall)))
            } else if case .refuted(let found) = checker.answer {
                self.init(.error(.routesDisagree, counterexample: found), "internal error: the routes disagree: Z3 proved the invalidation lemma, but the checker's trees refute it")
            } else {
                let cross: String
                if case .inapplicable(let why) = checker.answer { cross = "checker: \(why)" } else { cross = "\(checked) agree" }
                self.init(.proved(.unbounded), "\(base); locality: \(locality?.results.count ?? 0) obligations proved under \(locality?.rules.name ?? "?"); \(cross)")
            }
        case .provedForShortPaths(let steps, let reason):
            // The invalidation route never searches short paths; were it to, no proof would carry.
            self = checkerOnly(.noUnboundedProof(
                proof: .shortPaths(steps: steps, full: reason), shortfall: .obligations(.boundedInvalidationSearch)))
        case .inapplicable(let why):
            self = checkerOnly(.solverInapplicable("z3: \(why)"))
        case .unknown(let reason):
            if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), "\(ReasonText.sentence(reason)); \(checked): refuted")
            } else {
                self.init(.unknown(reason: reason), ReasonText.sentence(reason))
            }
        }
    }

    /// Why a view whose parent's body did not run can still get a new identity under `identityRules`,
    /// so that the realizability of trees (a skipped parent's child survives with the same values,
    /// `ViewLink.isRealizable`, Proofs/README.md Theorem 8) is no premise an unbounded proof may use:
    /// an opaque `AnyView` renews its content at every render, and a body that reads a binding twice
    /// may see a transient value, whether or not the enclosing body ran (FINDINGS 23). `nil` when it holds.
    static func realizabilityShortfall(identityRules: RuleSet) -> ObligationShortfall? {
        if identityRules.anyView == .opaque { return .realizabilityFails(identityRules: identityRules.name, cause: .opaqueAnyView) }
        if !identityRules.atomicBodyReads { return .realizabilityFails(identityRules: identityRules.name, cause: .transientRead) }
        return nil
    }

    private init(_ outcome: Outcome, _ message: String) {
        self.outcome = outcome
        self.message = message
    }
}
