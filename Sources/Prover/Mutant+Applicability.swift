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

    /// Whether some item of `items` touches the rule this mutant breaks (`isApplicable(to:)`).
    func isTouched(by items: [Verifier.WorkItem]) -> Bool { items.contains(where: isApplicable(to:)) }

    /// Whether this mutant may change `item`'s verdict, judged from its syntax alone; false only when
    /// it cannot. An identity lemma is touched by every identity mutant (its paths range over every
    /// kind of step) and by no invalidation mutant (it reads no I1–I12); an identity scenario by an
    /// identity mutant whose `stepKinds` its renders' programs (both arms of every `if`) hold; an
    /// invalidation item as `canChange(_:)` says of its `InvalidationFootprint`, except that an
    /// invalidation lemma that uses another is touched by every mutant (its verdict follows the
    /// used lemma's).
    func isApplicable(to item: Verifier.WorkItem) -> Bool {
        switch item {
        case .lemma(let lemma, _):
            guard let invalidation = lemma.invalidation else { return !isInvalidation }
            return !lemma.uses.isEmpty || canChange(InvalidationFootprint(lemma, invalidation))
        case .scenario(let scenario, _):
            if scenario.invalidation != nil { return canChange(InvalidationFootprint(scenario)) }
            guard !isInvalidation else { return false }
            guard let kinds = stepKinds else { return true }
            return scenario.renders.contains { !Self.kinds(of: $0.program).isDisjoint(with: kinds) }
        }
    }

    private var isInvalidation: Bool {
        if case .invalidation = self { return true }
        return false
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
