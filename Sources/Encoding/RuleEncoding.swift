import IdentityModel
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
        let elem = vocabulary.element
        let cases: [(StepKind, Z3Term)] = [
            (.tuple, try r2Slot(step)),
            (.modified, try r2Modifier(step)),
            (.optional, try elem.constructor("Some").function.apply([])),
            (.conditional, try r4Arm(step, generation: generation)),
            (.anyView, try r5AnyView(step, generation: generation)),
            (.explicitID, try r6ID(step)),
            (.forEach, try r8Key(step)),
            (.container, try containerElement(step)),
        ]
        var result = cases.last!.1
        for (kind, value) in cases.dropLast().reversed() {
            result = try ctx.ite(try vocabulary.constructor(of: kind).test(step), then: value, else: result)
        }
        return result
    }

    /// The element ending every identity: the leaf's type.
    func leafElement(type: Z3Term) throws -> Z3Term {
        try vocabulary.element.constructor("Type")(type)
    }

    private func field(_ kind: StepKind, _ name: String, _ step: Z3Term) throws -> Z3Term {
        try vocabulary.constructor(of: kind).field(name, of: step)
    }

    /// R2/R3: a tuple child is identified by its fixed slot.
    private func r2Slot(_ step: Z3Term) throws -> Z3Term {
        let index = rules.mutation == .optionalShiftsSiblings ? "presentBefore" : "slot"
        return try vocabulary.element.constructor("Slot")(try field(.tuple, index, step))
    }

    /// R2/R10: a modifier is a fixed wrapper; its argument does not count.
    private func r2Modifier(_ step: Z3Term) throws -> Z3Term {
        let modifier = try field(.modified, "modifier", step)
        if rules.mutation == .modifierValueInIdentity {
            return try vocabulary.element.constructor("ModValue")(modifier, try field(.modified, "value", step))
        }
        return try vocabulary.element.constructor("Mod")(modifier)
    }

    /// R4: arms are distinct; a transient read of a twice-read condition rebuilds without atomic reads.
    private func r4Arm(_ step: Z3Term, generation: Z3Term) throws -> Z3Term {
        let ctx = vocabulary.context
        let arm = rules.mutation == .armsShareIdentity ? try ctx.bool(true) : try field(.conditional, "arm", step)
        let byArm = try vocabulary.element.constructor("Arm")(arm)
        if rules.atomicBodyReads { return byArm }
        let rebuilt = try field(.conditional, "readsTwice", step).and(try field(.conditional, "transient", step))
        return try ctx.ite(rebuilt, then: try vocabulary.element.constructor("Opaque")(generation), else: byArm)
    }

    /// R5: AnyView by erased type at runtime, rebuilt every render in the documented model.
    private func r5AnyView(_ step: Z3Term, generation: Z3Term) throws -> Z3Term {
        if rules.mutation == .anyViewIgnoresType {
            return try vocabulary.element.constructor("Erased")(try vocabulary.context.int(Self.ignoredAnyViewType))
        }
        switch rules.anyView {
        case .erasedType: return try vocabulary.element.constructor("Erased")(try field(.anyView, "erased", step))
        case .opaque: return try vocabulary.element.constructor("Opaque")(generation)
        }
    }

    /// R6: `.id(k)` is identified by `k`.
    private func r6ID(_ step: Z3Term) throws -> Z3Term {
        let id = rules.mutation == .idValueIgnored ? try vocabulary.context.int(RuleSet.ignoredValue) : try field(.explicitID, "id", step)
        return try vocabulary.element.constructor("Explicit")(id)
    }

    /// R8: a ForEach row is identified by its key.
    private func r8Key(_ step: Z3Term) throws -> Z3Term {
        let key: Z3Term
        switch rules.mutation {
        case .forEachByOffset: key = try field(.forEach, "offset", step)
        case .forEachKeyIgnored: key = try vocabulary.context.int(RuleSet.ignoredValue)
        default: key = try field(.forEach, "key", step)
        }
        return try vocabulary.element.constructor("KeyElem")(key)
    }

    /// A container contributes its kind.
    private func containerElement(_ step: Z3Term) throws -> Z3Term {
        let kind = rules.mutation == .containerKindIgnored ? try vocabulary.term(ContainerKind.VStack) : try field(.container, "container", step)
        return try vocabulary.element.constructor("ContainerElem")(kind)
    }
}
