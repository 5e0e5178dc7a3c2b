import IdentityModel
import LemmaLogic
import Z3Kit

/// A rule set as Z3 terms: the element each step contributes, rule by rule, mirroring
/// `RuleSet.element(of:generation:)` in IdentityModel (R2–R6, R8, R10) and its mutations.
///
/// Only rule sets whose identity is a pointwise map of steps can be encoded at the path level: that
/// is what the locality obligation proves. `idOverridesStructure` breaks locality and is refused.
struct RuleEncoding {
    let rules: RuleSet
    let vocabulary: IdentityVocabulary
    /// The one erased type every AnyView gets under the mutation `anyViewIgnoresType`.
    static let ignoredAnyViewType = RuleSet.ignoredValue

    /// The encoding of `rules`; throws `EncodingError.notLocal` for a rule set the path level cannot express.
    init(rules: RuleSet, vocabulary: IdentityVocabulary) throws {
        if rules.mutation == .idOverridesStructure {
            throw EncodingError.notLocal(rules: rules.name)
        }
        self.rules = rules
        self.vocabulary = vocabulary
    }

    /// The element `step` contributes in the render with serial number `generation`.
    func element(of step: Z3Term, generation: Z3Term) throws -> Z3Term {
        let ctx = vocabulary.context
        let cases = try elements(of: step, generation: generation)
        var result = cases.last!.1
        for (kind, value) in cases.dropLast().reversed() {
            result = ctx.ite(vocabulary.isStep(kind, step), then: value, else: result)
        }
        return result
    }

    /// The element `step` contributes if it is of each kind, one rule per kind, in the order
    /// `element(of:generation:)` tests the kinds.
    func elements(of step: Z3Term, generation: Z3Term) throws -> [(StepKind, Z3Term)] {
        [
            (.tuple, try r2Slot(step)),
            (.modified, try r2Modifier(step)),
            (.optional, vocabulary.element(.some)),
            (.conditional, try r4Arm(step, generation: generation)),
            (.anyView, try r5AnyView(step, generation: generation)),
            (.explicitID, try r6ID(step)),
            (.forEach, try r8Key(step)),
            (.container, try containerElement(step)),
        ]
    }

    /// The element ending every identity: the leaf's type.
    func leafElement(type: Z3Term) -> Z3Term {
        vocabulary.element(.type, type)
    }

    /// R2/R3: a tuple child is identified by its fixed slot.
    private func r2Slot(_ step: Z3Term) throws -> Z3Term {
        let index: StepField = rules.mutation == .optionalShiftsSiblings ? .presentBefore : .slot
        return vocabulary.element(.slot, try vocabulary.field(index, of: step))
    }

    /// R2/R10: a modifier is a fixed wrapper; its argument does not count.
    private func r2Modifier(_ step: Z3Term) throws -> Z3Term {
        let modifier = try vocabulary.field(.modifier, of: step)
        if rules.mutation == .modifierValueInIdentity {
            return vocabulary.element(.modifierValue, modifier, try vocabulary.field(.value, of: step))
        }
        return vocabulary.element(.modifier, modifier)
    }

    /// R4: arms are distinct; a transient read of a twice-read condition rebuilds without atomic reads.
    private func r4Arm(_ step: Z3Term, generation: Z3Term) throws -> Z3Term {
        let ctx = vocabulary.context
        let arm = rules.mutation == .armsShareIdentity ? ctx.bool(true) : try vocabulary.field(.arm, of: step)
        let byArm = vocabulary.element(.arm, arm)
        if rules.atomicBodyReads { return byArm }
        let rebuilt = try vocabulary.field(.readsTwice, of: step).and(try vocabulary.field(.transient, of: step))
        return ctx.ite(rebuilt, then: vocabulary.element(.opaque, generation), else: byArm)
    }

    /// R5: AnyView by erased type at runtime, rebuilt every render in the documented model.
    private func r5AnyView(_ step: Z3Term, generation: Z3Term) throws -> Z3Term {
        if rules.mutation == .anyViewIgnoresType {
            return vocabulary.element(.erased, vocabulary.context.int(Self.ignoredAnyViewType))
        }
        switch rules.anyView {
        case .erasedType: return vocabulary.element(.erased, try vocabulary.field(.erased, of: step))
        case .opaque: return vocabulary.element(.opaque, generation)
        }
    }

    /// R6: `.id(k)` is identified by `k`.
    private func r6ID(_ step: Z3Term) throws -> Z3Term {
        let id = rules.mutation == .idValueIgnored ? vocabulary.context.int(RuleSet.ignoredValue) : try vocabulary.field(.id, of: step)
        return vocabulary.element(.explicit, id)
    }

    /// R8: a ForEach row is identified by its key.
    private func r8Key(_ step: Z3Term) throws -> Z3Term {
        let key: Z3Term
        switch rules.mutation {
        case .forEachByOffset: key = try vocabulary.field(.offset, of: step)
        case .forEachKeyIgnored: key = vocabulary.context.int(RuleSet.ignoredValue)
        default: key = try vocabulary.field(.key, of: step)
        }
        return vocabulary.element(.key, key)
    }

    /// A container contributes its kind.
    private func containerElement(_ step: Z3Term) throws -> Z3Term {
        let kind = rules.mutation == .containerKindIgnored ? vocabulary.term(ContainerKind.VStack) : try vocabulary.field(.container, of: step)
        return vocabulary.element(.container, kind)
    }
}
