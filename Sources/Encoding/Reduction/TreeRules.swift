import IdentityModel
import Z3Kit

/// The rules on tree nodes: the element each construct gives its child, written from the options
/// of the `RuleSet` on the node's own fields (mirroring RuleSet+Rules.swift), not through
/// `RuleEncoding.element(of:generation:)` of the construct's path step. That the two agree is what
/// the locality obligations prove; had the tree level called `E` on the step, locality would hold
/// by definition.
struct TreeRules {
    let rules: RuleSet
    let vocabulary: TreeVocabulary


    /// R2: tuple child `slot` of `children` is identified by its slot, or (mutation
    /// `optionalShiftsSiblings`) by how many earlier siblings render something.
    func tupleElement(children: Z3Term, slot: Z3Term) -> Z3Term {
        let index = rules.mutation == .optionalShiftsSiblings ? vocabulary.countPresent(children, slot) : slot
        return vocabulary.identity.element(.slot, index)
    }

    /// R4: the taken arm; without atomic body reads, a transient value of a condition read twice
    /// rebuilds the content in every render.
    func conditionalElement(arm: Z3Term, readsTwice: Z3Term, transient: Z3Term) -> Z3Term {
        let context = vocabulary.identity.context
        let byArm = vocabulary.identity.element(.arm, rules.mutation == .armsShareIdentity ? context.bool(true) : arm)
        if rules.atomicBodyReads { return byArm }
        return context.ite(
            readsTwice.and(transient), then: vocabulary.identity.element(.opaque, vocabulary.generation), else: byArm)
    }

    /// R3: the content of an `if` without `else` is `some`.
    func optionalElement() -> Z3Term { vocabulary.identity.element(.some) }

    /// R8: a row is identified by its key, or (mutation `forEachByOffset`) by its offset.
    func forEachElement(key: Z3Term, offset: Z3Term) -> Z3Term {
        switch rules.mutation {
        case .forEachByOffset: return vocabulary.identity.element(.key, offset)
        case .forEachKeyIgnored: return vocabulary.identity.element(.key, key.context.int(RuleSet.ignoredValue))
        default: return vocabulary.identity.element(.key, key)
        }
    }

    /// R6: the content of `.id(k)` is identified by `k`.
    func explicitIDElement(id: Z3Term) -> Z3Term {
        vocabulary.identity.element(.explicit, rules.mutation == .idValueIgnored ? id.context.int(RuleSet.ignoredValue) : id)
    }

    /// R2, R10: a modifier is a fixed wrapper; (mutation `modifierValueInIdentity`) its argument counts.
    func modifierElement(modifier: Z3Term, value: Z3Term) -> Z3Term {
        if rules.mutation == .modifierValueInIdentity { return vocabulary.identity.element(.modifierValue, modifier, value) }
        return vocabulary.identity.element(.modifier, modifier)
    }

    /// R5: `AnyView` by erased type, or rebuilt every render.
    func anyViewElement(erased: Z3Term) -> Z3Term {
        if rules.mutation == .anyViewIgnoresType {
            return vocabulary.identity.element(.erased, erased.context.int(RuleEncoding.ignoredAnyViewType))
        }
        switch rules.anyView {
        case .erasedType: return vocabulary.identity.element(.erased, erased)
        case .opaque: return vocabulary.identity.element(.opaque, vocabulary.generation)
        }
    }

    /// A container contributes its kind.
    func containerElement(container: Z3Term) -> Z3Term {
        guard rules.mutation == .containerKindIgnored else { return vocabulary.identity.element(.container, container) }
        return vocabulary.identity.element(.container, vocabulary.identity.term(ContainerKind.VStack))
    }

    /// The element ending the identity of a leaf: its type.
    func leafElement(type: Z3Term) -> Z3Term { vocabulary.identity.element(.type, type) }

    /// The identity a construct of kind `kind` passes to its child, given its own identity `pre`
    /// and its local element: `pre ++ [element]`, or (mutation `idOverridesStructure`, for
    /// `.id(k)`) `[element]`, restarting the identity.
    func accumulator(_ pre: Z3Term, element: Z3Term, kind: StepKind) -> Z3Term {
        let context = vocabulary.identity.context
        let unit = context.unitSequence(element)
        if kind == .explicitID, rules.mutation == .idOverridesStructure { return unit }
        return context.concat([pre, unit])
    }
}
