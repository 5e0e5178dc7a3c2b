import IdentityModel
import LemmaLogic
import ModelChecker

/// The verdict table: combines a layer's two routes and its obligations into one verdict, saying
/// which route decided and how far the verdict reaches. One table, the same rows for every layer
/// (`Semantics`); only the words differ.
///
/// `proved [unbounded]` has exactly one source: Z3's unsat for a lemma whose premise holds (an
/// identity lemma's rules are local, an invalidation lemma's identity rules make its trees
/// realizable), with every obligation of its rules proved; `proved [bounded]` one more: Z3's unsat
/// among short paths, under the same conditions, in a layer where that is a bounded proof. The
/// checker's exhaustion proves nothing: it covers a small vocabulary, so a false lemma can pass it;
/// it is reported as no counterexample found, with what was enumerated. A walk its budget stopped
/// (`BoundedResult.Answer.exhausted`) checked only the cases it examined: beside Z3's proof the
/// verdict stays the proof's and its message says where the checker stopped (the proof never rested
/// on the checker); where the checker was to decide alone (Z3 outside its encoding, or a proof that
/// is not unbounded), the item is `unknown` with the stop's code, never "no counterexample". Z3's
/// `unknown` stays unknown with Z3's code (as beside an inapplicable checker). Every row carries the
/// stop (`checkerStop`). A counterexample from either route has been replayed on trees, so it refutes the lemma;
/// the routes disagree (an error) only when a proof meets a counterexample on trees.
struct VerdictTable<Layer: Semantics> {
    var outcome: Outcome
    var message: String
    /// Where the checker's budget stopped its walk, whatever the verdict (a proof's included: then
    /// the cross-check covered only the cases it examined).
    var checkerStop: CheckerStop?

    /// `premise`: what an unbounded proof lacks before any obligation (the fragment, realizability), if anything.
    init(solver: SolverResult, checker: CheckerVerdict, obligations: ObligationSet<Layer>?, premise: UnknownReason.ProofShortfall?) {
        let checked = checker.checked
        let shortfall = Self.shortfall(obligations: obligations, premise: premise)
        func checkerOnly(_ reason: UnknownReason) -> VerdictTable {
            let said = ReasonText.sentence(reason)
            switch checker.answer {
            case .refuted(let found):
                return VerdictTable(.refuted(found), message: "\(said); \(checked): refuted")
            case .holds:
                return VerdictTable(.unknown(reason: reason), message: "\(said); \(checked): \(checker.exhausted)")
            case .inapplicable(let why):
                let inapplicable = UnknownReason.checkerInapplicable(solver: reason, why: why)
                return VerdictTable(.unknown(reason: inapplicable), message: ReasonText.sentence(inapplicable))
            case .exhausted(let stop):
                let exhausted = UnknownReason.checkerExhausted(solver: reason, stop: stop)
                return VerdictTable(.unknown(reason: exhausted), message: "\(said); \(checker.note)")
            }
        }
        switch solver.answer {
        case .failed(let why):
            self.init(.error(why), message: ReasonText.sentence(why))
        case .refuted(let counterexample):
            self.init(.refuted(counterexample), message: "\(Layer.replaySaid); \(checker.note)")
        case .proved:
            if let shortfall {
                self = checkerOnly(.noUnboundedProof(proof: Layer.solverProof, shortfall: shortfall))
            } else if case .refuted(let found) = checker.answer {
                self.init(.error(.routesDisagree, counterexample: found), message: "internal error: the routes disagree: \(Layer.disagreementSaid)")
            } else {
                let proved = "\(obligations?.results.count ?? 0) obligations proved under \(obligations.map { Layer.name(of: $0.rules) } ?? "?")"
                self.init(.proved(.unbounded), message: "\(Layer.unsatSaid); \(Layer.obligationsNoun): \(proved); \(checker.agreement)")
            }
        case .provedForShortPaths(let steps, let reason):
            let base = ReasonText.shortPathProof(steps: steps, full: reason)
            if let shortfall = Layer.shortPathsShortfall.map(UnknownReason.ProofShortfall.obligations) ?? shortfall {
                self = checkerOnly(.noUnboundedProof(proof: .shortPaths(steps: steps, full: reason), shortfall: shortfall))
            } else if case .refuted(let found) = checker.answer {
                self.init(.refuted(found), message: "\(base); \(checked): refuted")
            } else {
                self.init(.proved(.bounded(.pathLength(steps: steps))), message: "\(base); \(checker.agreement)")
            }
        case .unknown(let reason):
            let said = ReasonText.sentence(reason)
            switch checker.answer {
            case .refuted(let found): self.init(.refuted(found), message: "\(said); \(checked): refuted")
            case .holds: self.init(.unknown(reason: reason), message: "\(said); \(checked): \(checker.exhausted)")
            case .inapplicable: self.init(.unknown(reason: reason), message: said)
            case .exhausted: self.init(.unknown(reason: reason), message: "\(said); \(checker.note)")
            }
        case .inapplicable(let reason):
            self = checkerOnly(.solverInapplicable(reason))
        }
        if case .exhausted(let stop) = checker.answer { checkerStop = stop }
    }

    /// What an unbounded verdict lacks, if anything: the premise first, then every obligation run
    /// and proved. The one test of whether Z3's unsat reaches every tree, for the verdict and for
    /// vacuity (`WitnessSearch.record`).
    static func shortfall(obligations: ObligationSet<Layer>?, premise: UnknownReason.ProofShortfall?) -> UnknownReason.ProofShortfall? {
        if let premise { return premise }
        guard let obligations else { return .obligations(.notRun(Layer.obligationKind)) }
        return obligations.shortfall.map { .obligations($0) }
    }

    private init(_ outcome: Outcome, message: String) {
        self.outcome = outcome
        self.message = message
    }
}

/// The verdict table of identity lemmas.
typealias Judgement = VerdictTable<IdentitySemantics>

/// The verdict table of invalidation lemmas.
typealias InvalidationJudgement = VerdictTable<InvalidationSemantics>

extension VerdictTable where Layer == IdentitySemantics {
    /// An identity lemma's verdict: its premise is that its rules are local (`fragment`); its
    /// obligations are the reduction's.
    init(solver: SolverResult, checker: BoundedResult, checkerBound: Bound, fragment: Fragment, reduction: ReductionStatus?) {
        self.init(solver: solver, checker: checker.verdict(bound: checkerBound), obligations: reduction, premise: Self.premise(fragment))
    }

    /// The premise of an identity lemma's unbounded verdict: its rules are local.
    static func premise(_ fragment: Fragment) -> UnknownReason.ProofShortfall? { fragment.outsideReason.map { .outsideFragment($0) } }
}

extension VerdictTable where Layer == InvalidationSemantics {
    /// An invalidation lemma's verdict: its premise is the trees' realizability under its identity
    /// rules (`realizabilityShortfall`); its obligations are the locality obligations.
    init(
        solver: SolverResult, checker: InvalidationBoundedRoute.Result, locality: InvalidationLocalityStatus?,
        premise: ObligationShortfall? = nil
    ) {
        self.init(solver: solver, checker: checker.verdict, obligations: locality, premise: premise.map { .obligations($0) })
    }

    /// The premise of an invalidation lemma's unbounded verdict: its trees are realizable under
    /// `identityRules` (`realizabilityShortfall`).
    static func premise(identityRules: RuleSet) -> UnknownReason.ProofShortfall? {
        realizabilityShortfall(identityRules: identityRules).map { .obligations($0) }
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
}
