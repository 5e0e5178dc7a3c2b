import Encoding
import Prover

extension JSONReport {
    /// `--explain`'s answer for one lemma (the key `explanation`, present only in runs that explain).
    struct ExplanationJSON: Encodable {
        /// `proof`, `refutation`, `notApplicable` or `unknown`.
        var kind: String
        /// Why explain does not apply, or found no core.
        var reason: String?
        /// Why explain does not apply or found no core, as a stable code (`ExplainInapplicability.code`,
        /// `ExplainUnknownReason.code`).
        var reasonCode: String?
        /// A proof's: `unbounded` or the bounded scope explained.
        var scope: String?
        var core: [CoreItemJSON]?
        var unneededAssumptions: [AssumptionJSON]?
        /// A proof's: each assumption the core leaves out, and the lemma as written without it.
        var omittedAssumptions: [OmissionJSON]?
        /// The rules of the element rules in the core (the store's are on its core item).
        var rules: [String]?
        var obligations: [String]?
        var allObligations: Int?
        var checks: Int?
        var resourceCount: Int?
        /// A refutation's: each assumption and whether the refutation leans on it.
        var assumptions: [DependenceJSON]?

        enum CodingKeys: String, CodingKey {
            case kind, reason, reasonCode, scope, core, unneededAssumptions, omittedAssumptions, rules, obligations, allObligations, checks, resourceCount, assumptions
        }

        /// Absent values are written as `null`, like every key of the report.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(reason, forKey: .reason)
            try container.encode(reasonCode, forKey: .reasonCode)
            try container.encode(scope, forKey: .scope)
            try container.encode(core, forKey: .core)
            try container.encode(unneededAssumptions, forKey: .unneededAssumptions)
            try container.encode(omittedAssumptions, forKey: .omittedAssumptions)
            try container.encode(rules, forKey: .rules)
            try container.encode(obligations, forKey: .obligations)
            try container.encode(allObligations, forKey: .allObligations)
            try container.encode(checks, forKey: .checks)
            try container.encode(resourceCount, forKey: .resourceCount)
            try container.encode(assumptions, forKey: .assumptions)
        }

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
        var name: String?
        var rules: [String]
        var text: String
        var assumption: AssumptionJSON?
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

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(item, forKey: .item)
            try container.encode(name, forKey: .name)
            try container.encode(rules, forKey: .rules)
            try container.encode(text, forKey: .text)
            try container.encode(assumption, forKey: .assumption)
            try container.encode(necessary, forKey: .necessary)
        }

        enum CodingKeys: String, CodingKey { case item, name, rules, text, assumption, necessary }
    }

    struct OmissionJSON: Encodable {
        var assumption: AssumptionJSON
        /// `notNeeded` (proved without it), `needed` (refuted without it) or `unknown`.
        var finding: String
        /// For `notNeeded`: the scope of the proof without it.
        var scope: String?
        var reason: String?
        /// For `unknown`: why, as a stable code (`ExplainUnknownReason.code`).
        var reasonCode: String?
        /// For `needed`: the counterexample without it, replayed on trees.
        var counterexample: CounterexampleJSON?

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

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(assumption, forKey: .assumption)
            try container.encode(finding, forKey: .finding)
            try container.encode(scope, forKey: .scope)
            try container.encode(reason, forKey: .reason)
            try container.encode(reasonCode, forKey: .reasonCode)
            try container.encode(counterexample, forKey: .counterexample)
        }

        enum CodingKeys: String, CodingKey { case assumption, finding, scope, reason, reasonCode, counterexample }
    }

    struct DependenceJSON: Encodable {
        var assumption: AssumptionJSON
        /// `needed`, `notNeeded` or `unknown`.
        var dependence: String
        var reason: String?
        /// For `unknown`: why, as a stable code (`ExplainUnknownReason.code`).
        var reasonCode: String?
        /// For `notNeeded`: the counterexample with the assumption false, replayed on trees.
        var counterexample: CounterexampleJSON?

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

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(assumption, forKey: .assumption)
            try container.encode(dependence, forKey: .dependence)
            try container.encode(reason, forKey: .reason)
            try container.encode(reasonCode, forKey: .reasonCode)
            try container.encode(counterexample, forKey: .counterexample)
        }

        enum CodingKeys: String, CodingKey { case assumption, dependence, reason, reasonCode, counterexample }
    }
}
