import Encoding
import IdentityModel
import LemmaLanguage
import LemmaLogic

/// Computes `--explain`'s answer for a lemma whose verdict is decided. It runs queries and variants
/// of the lemma of its own after the verdict and never changes it: the verdict's query is not touched.
struct Explainer {
    /// The budget of each check (a deletion check of the minimisation gets a fifth of it).
    var budget: SolverBudget
    static let minimisationShare = 5
    /// The verdict of a variant of the lemma (an assumption left out or negated, as written), by
    /// the routes and verdict table of any lemma: every claim about an assumption is one of these.
    var verdictOfVariant: (CheckedLemma) -> Outcome

    /// The explanation of `lemma` (compiled as `spec`) given its `outcome`.
    func explain(
        _ lemma: CheckedLemma, spec: LemmaSpec, file: String, outcome: Outcome, reduction: ReductionStatus?
    ) -> Explanation {
        guard let statement = lemma.identity else {
            return .notApplicable(.invalidationLemma)
        }
        let assumptions = statement.assumptions.enumerated().map { index, formula in
            AssumptionReference(
                number: index + 1, file: file, line: formula.range.start.line, column: formula.range.start.column,
                text: formula.description)
        }
        switch outcome {
        case .proved(.unbounded?):
            return explainProof(lemma, spec: spec, assumptions: assumptions, steps: nil, reduction: reduction)
        case .proved(.bounded(.pathLength(let steps))?):
            return explainProof(lemma, spec: spec, assumptions: assumptions, steps: steps, reduction: nil)
        case .proved(nil):
            return .notApplicable(.scenario)
        case .refuted:
            return explainRefutation(lemma, assumptions: assumptions, rules: spec.rules)
        case .vacuous:
            return .notApplicable(.vacuous(views: false))
        case .unknown:
            return .notApplicable(.verdictUnknown)
        case .error:
            return .notApplicable(.verdictError)
        }
    }

    /// The explanation of an invalidation lemma given its `outcome`: for a proof, the verdict of
    /// the lemma as written without each assumption (`obligations`: the locality obligations the
    /// proof rests on); for a refutation, as for identity lemmas, whether a counterexample exists
    /// with each assumption negated. Its formulas have no path quantifiers, so every negation is
    /// one; `identityRules` are the lemma's.
    func explainInvalidation(
        _ lemma: CheckedLemma, file: String, outcome: Outcome, obligations: [String], rules identityRules: RuleSet
    ) -> Explanation {
        guard let statement = lemma.invalidation else {
            return .notApplicable(.identityLemma)
        }
        let assumptions = statement.writtenAssumptions.enumerated().map { index, written in
            AssumptionReference(
                number: index + 1, file: file, line: written.range.start.line, column: written.range.start.column, text: written.value)
        }
        switch outcome {
        case .proved(.unbounded?):
            return .invalidationProof(InvalidationProofExplanation(
                omitted: assumptions.map { omission($0, of: lemma, rules: identityRules) }, obligations: obligations))
        case .proved:
            return .notApplicable(.boundedInvalidationProof)
        case .refuted:
            return explainRefutation(lemma, assumptions: assumptions, rules: identityRules)
        case .vacuous:
            return .notApplicable(.vacuous(views: true))
        case .unknown:
            return .notApplicable(.verdictUnknown)
        case .error:
            return .notApplicable(.verdictError)
        }
    }

    /// The minimised unsat core of the query (each path at most `steps` steps for a bounded proof),
    /// and the verdict of the lemma as written without each assumption the core leaves out.
    func explainProof(
        _ lemma: CheckedLemma, spec: LemmaSpec, assumptions: [AssumptionReference], steps: Int?, reduction: ReductionStatus?
    ) -> Explanation {
        var answer: PathLevelQuery.ExplainAnswer
        do {
            // The proof's query: the plain one, or the one that also says what AnyView's erased
            // type is, which SolverRoute asks when a model of the plain one does not fit a tree.
            answer = try PathLevelQuery.explainProof(
                lemma: spec, budget: budget, minimisationBudget: budget.fraction(Self.minimisationShare), eachPathAtMost: steps)
            if case .satisfiable = answer {
                answer = try PathLevelQuery.explainProof(
                    lemma: spec, budget: budget, minimisationBudget: budget.fraction(Self.minimisationShare), eachPathAtMost: steps,
                    contentTypes: true)
            }
        } catch {
            return .unknown(.queryFailed("\(error)"))
        }
        let core: UnsatCore
        switch answer {
        case .core(let found): core = found
        case .satisfiable: return .unknown(.querySatisfiable)
        case .noCore(let stop): return .unknown(.solverStopped(stop))
        }
        let items = core.entries.map { entry in
            ProofExplanation.Item(
                item: entry.item, text: Self.text(entry.item, rules: spec.rules, assumptions: assumptions),
                assumption: Self.assumption(entry.item, in: assumptions), necessity: entry.necessity)
        }
        let used = Set(core.items)
        let kinds = Set(core.items.compactMap { item -> StepKind? in
            if case .element(let kind) = item { return kind }
            return nil
        })
        let obligations = reduction?.results.map(\.obligation).filter { obligation in
            if case .construct(let kind) = obligation.inductionCase { return kinds.contains(kind) }
            return true
        }.map(\.id) ?? []
        return .proof(ProofExplanation(
            scope: steps.map { "paths of at most \($0) steps" } ?? "unbounded", core: items,
            omitted: assumptions.filter { !used.contains(.assumption($0.number - 1)) }.map { omission($0, of: lemma, rules: spec.rules) },
            obligations: obligations, allObligations: reduction?.results.count ?? 0, checks: core.checks,
            resourceCount: core.resourceCount))
    }

    /// The verdict of `lemma` as written without `assumption`: only a proof of it says the
    /// assumption is not needed, only a counterexample (replayed) that it is.
    func omission(_ assumption: AssumptionReference, of lemma: CheckedLemma, rules: RuleSet) -> ProofExplanation.Omission {
        let finding: ProofExplanation.Finding
        let variant = lemma.withoutAssumptions([assumption.number - 1])
        switch verdictOfVariant(variant) {
        case .proved(let scope?): finding = .notNeeded(scope)
        case .refuted(let counterexample):
            finding = Self.unwritten(counterexample, of: variant, rules: rules).map { .unknown($0) } ?? .needed(counterexample)
        case let other: finding = .unknown(.variantUndecided(other))
        }
        return ProofExplanation.Omission(assumption: assumption, finding: finding)
    }

    /// For each assumption, whether a counterexample exists with it false and the others kept:
    /// the lemma as written with `!A` for the assumption, checked and lowered again, judged like
    /// any lemma (its counterexamples replayed on trees; its proof unbounded, with the reduction).
    /// A negation the lemma language cannot lower (E060) is unknown, with the diagnostic.
    func explainRefutation(_ lemma: CheckedLemma, assumptions: [AssumptionReference], rules: RuleSet) -> Explanation {
        let entries = assumptions.map { assumption -> RefutationExplanation.Entry in
            let dependence: RefutationExplanation.Dependence
            switch lemma.negatingAssumption(assumption.number - 1) {
            case .failure(let rejected):
                dependence = .unknown(.negationOutsideLanguage(rejected.diagnostic))
            case .success(let variant):
                switch verdictOfVariant(variant) {
                case .proved(.unbounded?): dependence = .needed
                case .refuted(let counterexample):
                    dependence = Self.unwritten(counterexample, of: variant, rules: rules).map { .unknown($0) } ?? .notNeeded(counterexample)
                case let other: dependence = .unknown(.variantUndecided(other))
                }
            }
            return RefutationExplanation.Entry(assumption: assumption, dependence: dependence)
        }
        return .refutation(RefutationExplanation(entries: entries))
    }

    /// Why `counterexample` of `variant` is not one of the variant as written on its trees (the
    /// routes replayed the lowered variant), or `nil` when it is.
    private static func unwritten(
        _ counterexample: Counterexample, of variant: CheckedLemma, rules: RuleSet
    ) -> ExplainUnknownReason? {
        WrittenFormulaCheck.notACounterexample(counterexample, of: variant, rules: rules).map { .notACounterexampleAsWritten($0) }
    }

    static func assumption(_ item: ExplainItem, in assumptions: [AssumptionReference]) -> AssumptionReference? {
        guard case .assumption(let index) = item, assumptions.indices.contains(index) else { return nil }
        return assumptions[index]
    }

    /// What `item` says under `rules`, in a line.
    static func text(_ item: ExplainItem, rules: RuleSet, assumptions: [AssumptionReference]) -> String {
        switch item {
        case .assumption(let index):
            return assumption(item, in: assumptions).map { "\($0.label): \($0.text)" } ?? "assumption \(index + 1)"
        case .conclusion:
            return "the conclusion (negated)"
        case .element(let kind):
            let rule = item.ruleNames.isEmpty ? "" : item.ruleNames.joined(separator: "/") + " "
            return rule + elementRule(kind, rules: rules)
        case .store:
            return "R1/R7/R9 the state store: a state is allocated once per identity; " + retention(under: rules)
        case .structure(let axiom):
            return "structure: \(axiom.summary)"
        }
    }

    /// What becomes of a removed view's state under `rules`, read from the rule functions (so a
    /// mutant or a rule-set file says its own): docs/rules.md, R7 and R9.
    static func retention(under rules: RuleSet) -> String {
        let retaining = ContainerKind.allCases.filter(rules.r7RetainingContainer).map(\.rawValue)
        if rules.r7LazyRetention(isUnderLazyContainer: false) { return "every container retains removed views (R7 under \(rules.name))" }
        if !retaining.isEmpty, rules.r7LazyRetention(isUnderLazyContainer: true) {
            return "\(retaining.joined(separator: ", ")) retain removed views (R7\(rules.itemLevelRetention ? ", only their own items" : ""))"
        }
        // A mutant that retains nothing overrides the eviction it would otherwise be said by.
        if !retaining.isEmpty, rules.mutation != .noRetention, rules.r9LazyEviction(isUnderLazyContainer: true) {
            return "\(retaining.joined(separator: ", ")) evict removed views (R9)"
        }
        return "no container retains removed views (R7 under \(rules.name))"
    }

    private static func elementRule(_ kind: StepKind, rules: RuleSet) -> String {
        switch kind {
        case .tuple: return "tuple: a child is identified by its slot"
        case .modified: return "modifier: identified by the modifier, not its argument"
        case .optional: return "optional: an if without else contributes `some`"
        case .conditional:
            return "conditional: identified by its arm"
                + (rules.atomicBodyReads ? "" : " (\(rules.name): a transient read of a twice-read condition is fresh)")
        case .anyView:
            return rules.anyView == .opaque ? "AnyView: fresh in every render (\(rules.name))" : "AnyView: identified by its erased type"
        case .explicitID: return ".id: identified by its id"
        case .forEach: return "ForEach: a row is identified by its key"
        case .container: return "container: identified by its kind"
        }
    }
}
