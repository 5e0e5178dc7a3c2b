import IdentityModel
import LemmaLanguage

extension Mutant {
    /// The kinds of step whose path elements the broken identity rule changes: a render whose
    /// program has no step of these kinds has the same identities under the mutant. Nil when it
    /// can change any render (state, retention, eviction, transient reads) and for an invalidation
    /// mutant.
    var stepKinds: Set<StepKind>? {
        guard case .identity(let mutation) = self else { return nil }
        switch mutation {
        case .optionalShiftsSiblings: return [.tuple]
        case .idOverridesStructure, .idValueIgnored: return [.explicitID]
        case .armsShareIdentity: return [.conditional]
        case .modifierValueInIdentity: return [.modified]
        case .forEachByOffset, .forEachKeyIgnored, .duplicateKeysMerged: return [.forEach]
        case .anyViewIgnoresType, .anyViewAlwaysRebuilds, .anyViewNotUnwrapped: return [.anyView]
        case .containerKindIgnored: return [.container]
        case .reReadInitialValue, .initialValueIgnored, .noRetention, .retentionIgnoresContainer, .transientReadsIgnored,
            .evictionIgnored:
            return nil
        }
    }

    /// Whether some item of `items` touches the rule this mutant breaks. An invalidation mutant is
    /// touched by an invalidation lemma or scenario alone (no other item reads I1–I12); an identity
    /// mutant by every lemma (its paths range over every kind of step, and an invalidation lemma's
    /// checker reads identities), by every invalidation scenario, and by an identity scenario whose
    /// renders' programs (both arms of every `if`) hold a step of the mutant's `stepKinds`.
    func isTouched(by items: [Verifier.WorkItem]) -> Bool {
        if case .invalidation = self { return items.contains(where: \.readsInvalidationRules) }
        return items.contains { item in
            guard case .scenario(let scenario, _) = item, scenario.invalidation == nil, let kinds = stepKinds else { return true }
            return scenario.renders.contains { !Self.kinds(of: $0.program).isDisjoint(with: kinds) }
        }
    }

    /// The kinds of step `program` holds anywhere.
    private static func kinds(of program: Program) -> Set<StepKind> {
        switch program {
        case .leaf, .stateful: return []
        case .tuple(let children): return children.reduce(into: [.tuple]) { $0.formUnion(kinds(of: $1)) }
        case let .conditional(then, otherwise, _): return kinds(of: then).union(kinds(of: otherwise)).union([.conditional])
        case .optional(let content): return kinds(of: content).union([.optional])
        case let .forEach(_, content): return kinds(of: content).union([.forEach])
        case .explicitID(let content): return kinds(of: content).union([.explicitID])
        case let .modified(content, _): return kinds(of: content).union([.modified])
        case .anyView(let content): return kinds(of: content).union([.anyView])
        case let .container(_, content): return kinds(of: content).union([.container])
        }
    }
}
