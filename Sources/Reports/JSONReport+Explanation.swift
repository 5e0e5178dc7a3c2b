import Encoding
import IdentityModel
import Prover

extension JSONReport {
    /// `--explain`'s answer for one lemma (the key `explanation`, present only in runs that explain).
    struct ExplanationJSON: Encodable {
        /// `proof`, `refutation`, `notApplicable` or `unknown`.
        var kind: String
        /// Why explain does not apply, or found no core.
        @ExplicitNull var reason: String? = nil
        /// Why explain does not apply or found no core, as a stable code (`ExplainInapplicability.code`,
        /// `ExplainUnknownReason.code`).
        @ExplicitNull var reasonCode: String? = nil
        /// A proof's: `unbounded` or the bounded scope explained.
        @ExplicitNull var scope: String? = nil
        @ExplicitNull var core: [CoreItemJSON]? = nil
        @ExplicitNull var unneededAssumptions: [AssumptionJSON]? = nil
        /// A proof's: each assumption the core leaves out, and the lemma as written without it.
        @ExplicitNull var omittedAssumptions: [OmissionJSON]? = nil
        /// The rules of the element rules in the core (the store's are on its core item).
        @ExplicitNull var rules: [String]? = nil
        @ExplicitNull var obligations: [String]? = nil
        @ExplicitNull var allObligations: Int? = nil
        @ExplicitNull var checks: Int? = nil
        @ExplicitNull var resourceCount: Int? = nil
        /// A refutation's: each assumption and whether the refutation leans on it.
        @ExplicitNull var assumptions: [DependenceJSON]? = nil

        init(_ explanation: Explanation, includeCosts: Bool) {
            switch explanation {
            case .notApplicable(let why):
                kind = "notApplicable"
                reason = ReasonText.sentence(why)
                reasonCode = why.code
            case .unknown(let why):
                kind = "unknown"
                reason = ReasonText.sentence(why)
                reasonCode = why.code
            case .proof(let proof):
                kind = "proof"
                scope = proof.scope
                core = proof.core.map(CoreItemJSON.init)
                unneededAssumptions = proof.unneededAssumptions.map(AssumptionJSON.init)
                omittedAssumptions = proof.omitted.map(OmissionJSON.init)
                rules = proof.rules
                obligations = proof.obligations
                allObligations = proof.allObligations
                checks = includeCosts ? proof.checks : 0
                resourceCount = includeCosts ? proof.resourceCount : 0
            case .invalidationProof(let proof):
                // No core: every assumption is in `omittedAssumptions`; the obligations are locality's.
                kind = "proof"
                scope = "unbounded"
                unneededAssumptions = proof.unneededAssumptions.map(AssumptionJSON.init)
                omittedAssumptions = proof.omitted.map(OmissionJSON.init)
                obligations = proof.obligations
                allObligations = proof.obligations.count
            case .refutation(let refutation):
                kind = "refutation"
                assumptions = refutation.entries.map(DependenceJSON.init)
            }
        }
    }

    struct AssumptionJSON: Encodable {
        var number: Int
        var file: String
        var line: Int
        var column: Int
        var text: String

        init(_ assumption: AssumptionReference) {
            number = assumption.number
            file = assumption.file
            line = assumption.line
            column = assumption.column
            text = assumption.text
        }
    }

    struct CoreItemJSON: Encodable {
        /// `assumption`, `conclusion`, `rule`, `store` or `structure`.
        var item: String
        /// The step kind of a rule, the axiom of a structure item; `null` otherwise.
        @ExplicitNull var name: String? = nil
        var rules: [String]
        var text: String
        @ExplicitNull var assumption: AssumptionJSON? = nil
        /// Whether leaving it out was shown to make the rest satisfiable.
        var necessary: Bool

        init(_ entry: ProofExplanation.Item) {
            switch entry.item {
            case .assumption: item = "assumption"
            case .conclusion: item = "conclusion"
            case .element(let kind):
                item = "rule"
                name = kind.rawValue
            case .store: item = "store"
            case .structure(let axiom):
                item = "structure"
                name = axiom.rawValue
            }
            rules = entry.item.ruleNames
            text = entry.text
            assumption = entry.assumption.map(AssumptionJSON.init)
            necessary = entry.necessity == .necessary
        }
    }

    struct OmissionJSON: Encodable {
        var assumption: AssumptionJSON
        /// `notNeeded` (proved without it), `needed` (refuted without it) or `unknown`.
        var finding: String
        /// For `notNeeded`: the scope of the proof without it.
        @ExplicitNull var scope: String? = nil
        @ExplicitNull var reason: String? = nil
        /// For `unknown`: why, as a stable code (`ExplainUnknownReason.code`).
        @ExplicitNull var reasonCode: String? = nil
        /// For `needed`: the counterexample without it, replayed on trees.
        @ExplicitNull var counterexample: CounterexampleJSON? = nil

        init(_ omission: ProofExplanation.Omission) {
            assumption = AssumptionJSON(omission.assumption)
            switch omission.finding {
            case .notNeeded(let proved):
                finding = "notNeeded"
                scope = proved.description
            case .needed(let example):
                finding = "needed"
                counterexample = CounterexampleJSON(example)
            case .unknown(let why):
                finding = "unknown"
                reason = ReasonText.sentence(why)
                reasonCode = why.code
            }
        }
    }

    struct DependenceJSON: Encodable {
        var assumption: AssumptionJSON
        /// `needed`, `notNeeded` or `unknown`.
        var dependence: String
        @ExplicitNull var reason: String? = nil
        /// For `unknown`: why, as a stable code (`ExplainUnknownReason.code`).
        @ExplicitNull var reasonCode: String? = nil
        /// For `notNeeded`: the counterexample with the assumption false, replayed on trees.
        @ExplicitNull var counterexample: CounterexampleJSON? = nil

        init(_ entry: RefutationExplanation.Entry) {
            assumption = AssumptionJSON(entry.assumption)
            switch entry.dependence {
            case .needed: dependence = "needed"
            case .notNeeded(let example):
                dependence = "notNeeded"
                counterexample = CounterexampleJSON(example)
            case .unknown(let why):
                dependence = "unknown"
                reason = ReasonText.sentence(why)
                reasonCode = why.code
            }
        }
    }
}
