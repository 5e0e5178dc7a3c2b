import IdentityModel

/// One tracked part of a lemma's path-level query in explain mode (`PathLevelQuery.explainProof`):
/// what an unsat core can name.
package enum ExplainItem: Hashable, Sendable, Comparable {
    /// The lemma's assumption number `index` (0-based, in `LemmaSpec.assumptions` order).
    case assumption(Int)
    /// The negated conclusion. A core without it says the assumptions contradict the model.
    case conclusion
    /// The rule giving the element each step of `kind` contributes (`RuleEncoding`), for every path.
    case element(StepKind)
    /// The state store and its lifecycle (R1 allocation, R7/R9 retention), when the lemma reads it.
    case store
    /// A structural axiom of the path level (not a rule of the identity model).
    case structure(StructuralAxiom)

    /// The identity rules (docs/rules.md) the item states, e.g. `["R4"]`; empty for structure,
    /// assumptions and the conclusion.
    package var ruleNames: [String] {
        switch self {
        case .element(let kind):
            switch kind {
            case .tuple: return ["R2", "R3"]
            case .modified: return ["R2", "R10"]
            case .optional: return ["R3"]
            case .conditional: return ["R4"]
            case .anyView: return ["R5"]
            case .explicitID: return ["R6"]
            case .forEach: return ["R8"]
            case .container: return []
            }
        case .store: return ["R1", "R7", "R9"]
        case .assumption, .conclusion, .structure: return []
        }
    }

    /// The order minimisation tries to drop items in, and reports list them in: assumptions first
    /// (a core that needs fewer of them says more), then rules, structure, the conclusion last.
    private var rank: (Int, Int) {
        switch self {
        case .assumption(let index): return (0, index)
        case .element(let kind): return (1, StepKind.allCases.firstIndex(of: kind) ?? 0)
        case .store: return (2, 0)
        case .structure(let axiom): return (3, StructuralAxiom.allCases.firstIndex(of: axiom) ?? 0)
        case .conclusion: return (4, 0)
        }
    }

    package static func < (lhs: ExplainItem, rhs: ExplainItem) -> Bool { lhs.rank < rhs.rank }
}
