/// One construct a path passes through, with the fields of the step table in Lemmas/README.md.
///
/// Fields that do not belong to `kind` hold their neutral value (`0`, `false`, `nil`), so two steps
/// are equal iff they have the same kind and the same fields. Build steps with the static factories.
public struct PathStep: Hashable, Sendable, CustomStringConvertible {
    /// The construct.
    public var kind: StepKind
    /// `.tuple`, static: the position in the `@ViewBuilder` block.
    public var slot: Int = 0
    /// `.tuple`, dynamic: how many earlier siblings rendered something.
    public var presentBefore: Int = 0
    /// `.conditional`, static: `true` for the `if` arm, `false` for `else`.
    public var arm: Bool = false
    /// `.conditional`, static: the condition is read twice in `body` (`if x != nil { x! }`).
    public var readsTwice: Bool = false
    /// `.conditional`, dynamic: the binding emitted a transient value during this render.
    public var transient: Bool = false
    /// `.forEach`, static: where the keys come from.
    public var source: KeySource?
    /// `.forEach`, dynamic: the row's key.
    public var key: Key?
    /// `.forEach`, dynamic: the row's position.
    public var offset: Int = 0
    /// `.explicitID`, dynamic: the `.id(_:)` value.
    public var id: Key?
    /// `.modified`, static: the modifier.
    public var modifier: Modifier?
    /// `.modified`, dynamic: the modifier's argument.
    public var value: Int = 0
    /// `.anyView`, static: the type `AnyView` wraps.
    public var erased: ViewType?
    /// `.container`, static: the container.
    public var container: ContainerKind?

    /// A step with only its kind set.
    public init(kind: StepKind) { self.kind = kind }

    /// A child of a `@ViewBuilder` block.
    public static func tuple(slot: Int, presentBefore: Int) -> PathStep {
        var step = PathStep(kind: .tuple)
        step.slot = slot
        step.presentBefore = presentBefore
        return step
    }

    /// The taken arm of an `if`/`else`.
    public static func conditional(arm: Bool, readsTwice: Bool = false, transient: Bool = false) -> PathStep {
        var step = PathStep(kind: .conditional)
        step.arm = arm
        step.readsTwice = readsTwice
        step.transient = transient
        return step
    }

    /// The content of an `if` without `else`.
    public static let optional = PathStep(kind: .optional)

    /// A `ForEach` row.
    public static func forEach(source: KeySource, key: Key, offset: Int) -> PathStep {
        var step = PathStep(kind: .forEach)
        step.source = source
        step.key = key
        step.offset = offset
        return step
    }

    /// The content of `.id(_:)`.
    public static func explicitID(_ id: Key) -> PathStep {
        var step = PathStep(kind: .explicitID)
        step.id = id
        return step
    }

    /// The content of a modifier.
    public static func modified(_ modifier: Modifier, value: Int) -> PathStep {
        var step = PathStep(kind: .modified)
        step.modifier = modifier
        step.value = value
        return step
    }

    /// The content of `AnyView`, whose wrapped view has static type `erased`.
    public static func anyView(erased: ViewType) -> PathStep {
        var step = PathStep(kind: .anyView)
        step.erased = erased
        return step
    }

    /// The content of a container.
    public static func container(_ container: ContainerKind) -> PathStep {
        var step = PathStep(kind: .container)
        step.container = container
        return step
    }

    /// The step with its dynamic fields reset: two steps are the same construct of the program iff
    /// their static parts are equal.
    public var staticPart: PathStep {
        var step = self
        step.presentBefore = 0
        step.transient = false
        step.key = nil
        step.offset = 0
        step.id = nil
        step.value = 0
        return step
    }

    public var description: String {
        switch kind {
        case .tuple: return "tuple(slot: \(slot), presentBefore: \(presentBefore))"
        case .conditional:
            var text = "conditional(arm: \(arm)"
            if readsTwice { text += ", readsTwice" }
            if transient { text += ", transient" }
            return text + ")"
        case .optional: return "optional"
        case .forEach: return "forEach(\(source?.description ?? "?"), key: \(key?.description ?? "?"), offset: \(offset))"
        case .explicitID: return "explicitID(\(id?.description ?? "?"))"
        case .modified: return "modified(\(modifier?.description ?? "?"), value: \(value))"
        case .anyView: return "anyView(\(erased?.description ?? "?"))"
        case .container: return "container(\(container?.description ?? "?"))"
        }
    }
}
