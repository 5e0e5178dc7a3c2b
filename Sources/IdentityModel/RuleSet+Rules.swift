/// The rules R1–R10, each implemented once, and the identity fold built from them.
extension RuleSet {
    /// The path element `step` contributes to the identity of its child in the render with serial
    /// number `generation`.
    public func element(of step: PathStep, generation: Int) -> PathElement {
        switch step {
        case .tuple(let slot, let presentBefore): return r2FixedSlot(slot, presentBefore: presentBefore)
        case .modified(.matchedGeometryEffect, let value): return r10MatchedGeometryEffect(value: value)
        case .modified(let modifier, let value): return r2FixedWrapper(modifier, value: value)
        case .optional: return r3OptionalContent()
        case .conditional(let arm, let readsTwice, let transient):
            return r4ConditionalArm(arm, readsTwice: readsTwice, transient: transient, generation: generation)
        case .anyView(let erased): return r5AnyView(erased, generation: generation)
        case .explicitID(let id): return r6ExplicitID(id)
        case .forEach(_, let key, let offset): return r8ForEachKey(key, offset: offset)
        case .container(let container): return .container(mutation == .containerKindIgnored ? .VStack : container)
        }
    }

    /// The identity of the child below `step`, given the identity of its parent.
    public func childIdentity(of parent: Identity, through step: PathStep, generation: Int) -> Identity {
        if r5Unwraps(step) { return parent }
        let element = element(of: step, generation: generation)
        return restartsIdentity(at: step) ? Identity([element]) : parent.appending(element)
    }

    /// Whether the identity below `step` drops the path above it (only under the
    /// `idOverridesStructure` mutation of R6).
    public func restartsIdentity(at step: PathStep) -> Bool {
        step.kind == .explicitID && !identitiesExtendParents
    }

    /// Whether every identity extends the identity above it (no step restarts it): then a view
    /// below a custom view whose identity is new has a new identity too, since its identity holds
    /// that view's, which ends with the view's type. False only under `idOverridesStructure`.
    public var identitiesExtendParents: Bool { mutation != .idOverridesStructure }

    /// R1: state is allocated once per identity from `initialValue`; later initial values are ignored.
    /// Returns the value the state holds after a render.
    public func r1AllocateOnce(existing: Int?, initialValue: Int) -> Int {
        guard let existing, mutation != .reReadInitialValue else { return mutation == .initialValueIgnored ? 0 : initialValue }
        return existing
    }

    /// R2 (and R3's fixed slots): a tuple child is identified by its fixed slot.
    func r2FixedSlot(_ slot: Int, presentBefore: Int) -> PathElement {
        .slot(mutation == .optionalShiftsSiblings ? presentBefore : slot)
    }

    /// R2: a modifier is a fixed wrapper whose argument does not change identity.
    func r2FixedWrapper(_ modifier: Modifier, value: Int) -> PathElement {
        mutation == .modifierValueInIdentity ? .modifierValue(modifier, value) : .modifier(modifier)
    }

    /// R3: an `if` without `else` is `Optional` content in its own slot; it adds `some`.
    func r3OptionalContent() -> PathElement { .some }

    /// R4: the arms of an `if`/`else` are distinct identities. Without atomic body reads, a
    /// condition read twice that sees a transient value flips through the other arm within the
    /// render, so the content is rebuilt (seed 000 Finding 4).
    func r4ConditionalArm(_ arm: Bool, readsTwice: Bool, transient: Bool, generation: Int) -> PathElement {
        if !atomicBodyReads, readsTwice, transient { return .opaque(generation: generation) }
        return .arm(mutation == .armsShareIdentity ? true : arm)
    }

    /// R5: `AnyView` is identified by the erased type at runtime, or rebuilt every render in the
    /// documented model.
    func r5AnyView(_ erased: ViewType, generation: Int) -> PathElement {
        if mutation == .anyViewIgnoresType { return .erased(.anyView) }
        switch anyView {
        case .erasedType: return .erased(erased)
        case .opaque: return .opaque(generation: generation)
        }
    }

    /// R5: an `AnyView` whose content is an `AnyView` (erased type `AnyView`) adds no step of its own
    /// when `AnyView.init` unwraps its argument: `AnyView(AnyView(v))` is `AnyView(v)`.
    public func r5UnwrapsAnyView(erased: ViewType) -> Bool { nestedAnyView == .unwrapped && erased == .anyView }

    /// R5 on a step written in the syntax (a view tree's steps keep every `AnyView`): whether it is an
    /// `AnyView` these rules unwrap, which adds nothing to the identity.
    public func r5Unwraps(_ step: PathStep) -> Bool {
        if case .anyView(let erased) = step { return r5UnwrapsAnyView(erased: erased) }
        return false
    }

    /// R6: `.id(k)` is layered on top of the structural path (see `childIdentity(of:through:generation:)`
    /// for the mutation that makes it override the path).
    func r6ExplicitID(_ id: Key) -> PathElement {
        .explicit(mutation == .idValueIgnored ? Self.ignoredKey : id)
    }

    /// The one key every `.id` or row has under the mutations that ignore them.
    public static let ignoredKey = Key.int(RuleSet.ignoredValue)
    /// The number standing for an ignored value (a key, an erased type) in every copy of the rules.
    public static let ignoredValue = -1

    /// R7: whether `container`'s item cache retains removed children (`retainingContainers`, the
    /// rule-set data with the evidence beside it). Only such a container counts as "lazy" below.
    public func r7RetainingContainer(_ container: ContainerKind) -> Bool { retainingContainers.contains(container) }

    /// R7 and R9: whether the state of a removed identity is kept for revival. Lazy containers retain
    /// removed children (R7) unless they evict them (R9).
    public func r7LazyRetention(isUnderLazyContainer: Bool) -> Bool {
        switch mutation {
        case .noRetention: return false
        case .retentionIgnoresContainer: return true
        default:
            return lazyRetention && isUnderLazyContainer && !r9LazyEviction(isUnderLazyContainer: isUnderLazyContainer)
        }
    }

    /// R7 with `itemLevelRetention`: whether `container` makes a list of its own, whose removed
    /// elements are its to hold. `Group` passes its content's list through to the container around it
    /// (`Group._makeViewList`, docs/rules.md#r7), unless a rule set makes it retain items itself.
    public func r7OwnsItsList(_ container: ContainerKind) -> Bool { container != .Group || r7RetainingContainer(container) }

    /// R7 with `itemLevelRetention`: whether a cache holds a removed view's item, given the kind of
    /// the innermost container on its path that the next render still renders and that owns its
    /// list (`r7OwnsItsList`; `nil`: none). The
    /// removed item is an element of that container's list, so only a retaining container holds it;
    /// without the option every view below a retaining container is held.
    public func r7HoldsItem(innermostRenderedContainer: ContainerKind?) -> Bool {
        guard itemLevelRetention else { return true }
        return innermostRenderedContainer.map(r7RetainingContainer) ?? false
    }

    /// R8: a `ForEach` row is identified by its key.
    func r8ForEachKey(_ key: Key, offset: Int) -> PathElement {
        switch mutation {
        case .forEachByOffset: return .key(.int(offset))
        case .forEachKeyIgnored: return .key(Self.ignoredKey)
        default: return .key(key)
        }
    }

    /// R9: lazy containers may evict removed children.
    public func r9LazyEviction(isUnderLazyContainer: Bool) -> Bool { lazyEviction && isUnderLazyContainer }

    /// R10: `matchedGeometryEffect` is an ordinary modifier with no identity effect of its own.
    func r10MatchedGeometryEffect(value: Int) -> PathElement { r2FixedWrapper(.matchedGeometryEffect, value: value) }
}
