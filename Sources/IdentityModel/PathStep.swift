/// One construct a path passes through, with the fields of the step table in Lemmas/README.md.
///
/// Each construct carries exactly its own fields, so two steps are equal iff they are the same
/// construct with the same fields.
public enum PathStep: Hashable, Sendable, CustomStringConvertible {
    /// A child of a `@ViewBuilder` block: its position (static) and how many earlier siblings
    /// rendered something (dynamic).
    case tuple(slot: Int, presentBefore: Int)
    /// The taken arm of an `if`/`else` (`true`: the `if` arm), whether the condition is read twice
    /// in `body` (`if x != nil { x! }`, static), and whether the binding emitted a transient value
    /// during this render (dynamic).
    case conditional(arm: Bool, readsTwice: Bool = false, transient: Bool = false)
    /// The content of an `if` without `else`.
    case optional
    /// A `ForEach` row: where the keys come from (static), the row's key and position (dynamic).
    case forEach(source: KeySource, key: Key, offset: Int)
    /// The content of `.id(_:)`, with its value (dynamic).
    case explicitID(Key)
    /// The content of a modifier (static) with its argument (dynamic).
    case modified(Modifier, value: Int)
    /// The content of `AnyView`, whose wrapped view has static type `erased`.
    case anyView(erased: ViewType)
    /// The content of a container.
    case container(ContainerKind)

    /// The construct.
    public var kind: StepKind {
        switch self {
        case .tuple: return .tuple
        case .conditional: return .conditional
        case .optional: return .optional
        case .forEach: return .forEach
        case .explicitID: return .explicitID
        case .modified: return .modified
        case .anyView: return .anyView
        case .container: return .container
        }
    }

    /// The step with its dynamic fields reset: two steps are the same construct of the program iff
    /// their static parts are equal.
    public var staticPart: PathStep {
        switch self {
        case .tuple(let slot, _): return .tuple(slot: slot, presentBefore: 0)
        case .conditional(let arm, let readsTwice, _): return .conditional(arm: arm, readsTwice: readsTwice)
        case .forEach(let source, _, _): return .forEach(source: source, key: .int(0), offset: 0)
        case .explicitID: return .explicitID(.int(0))
        case .modified(let modifier, _): return .modified(modifier, value: 0)
        case .optional, .anyView, .container: return self
        }
    }

    public var description: String {
        switch self {
        case .tuple(let slot, let presentBefore): return "tuple(slot: \(slot), presentBefore: \(presentBefore))"
        case .conditional(let arm, let readsTwice, let transient):
            var text = "conditional(arm: \(arm)"
            if readsTwice { text += ", readsTwice" }
            if transient { text += ", transient" }
            return text + ")"
        case .optional: return "optional"
        case .forEach(let source, let key, let offset): return "forEach(\(source), key: \(key), offset: \(offset))"
        case .explicitID(let id): return "explicitID(\(id))"
        case .modified(let modifier, let value): return "modified(\(modifier), value: \(value))"
        case .anyView(let erased): return "anyView(\(erased))"
        case .container(let container): return "container(\(container))"
        }
    }
}
