/// The static shape of a view body: what the source code fixes, before any render chooses arms,
/// rows, ids or values.
public indirect enum Program: Hashable, Sendable {
    /// A view without `@State`, such as `Text` or `Spacer`.
    case leaf(ViewType)
    /// A view with one `@State`; `label` names it in scenarios.
    case stateful(ViewType, label: String?)
    /// A `@ViewBuilder` block of two or more children (`TupleView`).
    case tuple([Program])
    /// `if`/`else` (`_ConditionalContent`); `readsTwice` marks `if x != nil { x! }`.
    case conditional(then: Program, else: Program, readsTwice: Bool)
    /// `if` without `else` (`Optional`).
    case optional(Program)
    /// `ForEach` whose rows all have the content program.
    case forEach(KeySource, content: Program)
    /// `.id(_:)`.
    case explicitID(Program)
    /// A modifier (`ModifiedContent`).
    case modified(Program, Modifier)
    /// `AnyView` wrapping a view of this program.
    case anyView(Program)
    /// A container such as `VStack { … }`.
    case container(ContainerKind, Program)

    /// The static Swift type of the view, as a type tag (`ModifiedContent<Counter, padding>`).
    public var staticType: ViewType {
        switch self {
        case .leaf(let type), .stateful(let type, _): return type
        case .tuple(let children):
            return ViewType("TupleView<(" + children.map(\.staticType.rawValue).joined(separator: ", ") + ")>")
        case let .conditional(then, otherwise, _):
            return ViewType("_ConditionalContent<\(then.staticType), \(otherwise.staticType)>")
        case .optional(let content): return ViewType("Optional<\(content.staticType)>")
        case let .forEach(_, content): return ViewType("ForEach<\(content.staticType)>")
        case .explicitID(let content): return ViewType("IDView<\(content.staticType)>")
        case let .modified(content, modifier): return ViewType("ModifiedContent<\(content.staticType), \(modifier)>")
        case .anyView: return .anyView
        case let .container(kind, content): return ViewType("\(kind)<\(content.staticType)>")
        }
    }

    /// The render that takes every default choice: `if` arms, absent optionals, no `ForEach` rows,
    /// id `0`, value `0`, initial value `0`.
    public var defaultRender: Render {
        switch self {
        case .leaf(let type): return .leaf(type)
        case let .stateful(type, label): return .stateful(type, initialValue: 0, label: label)
        case .tuple(let children): return .tuple(children.map(\.defaultRender))
        case let .conditional(then, otherwise, readsTwice):
            return .conditional(arm: true, active: then.defaultRender, inactive: otherwise, readsTwice: readsTwice, transient: false)
        case .optional(let content): return .optional(content, nil)
        case let .forEach(source, content): return .forEach(source, content: content, rows: [])
        case .explicitID(let content): return .explicitID(0, content.defaultRender)
        case let .modified(content, modifier): return .modified(content.defaultRender, modifier, value: 0)
        case .anyView(let content): return .anyView(content.defaultRender)
        case let .container(kind, content): return .container(kind, content.defaultRender)
        }
    }
}
