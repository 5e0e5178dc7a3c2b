/// One evaluation of a view body: a program together with every dynamic choice of this render.
///
/// A render keeps the static information needed for the static type of any subtree: the inactive
/// arm of a conditional, the content program of an absent optional or of a `ForEach`.
public indirect enum Render: Hashable, Sendable {
    /// A view without `@State`.
    case leaf(ViewType)
    /// A view with one `@State`, passing `initialValue` this render (read only at allocation, R1).
    case stateful(ViewType, initialValue: Int, label: String?)
    /// A `@ViewBuilder` block of two or more children.
    case tuple([Render])
    /// `if`/`else` with the taken arm rendered and the other kept as a program.
    case conditional(arm: Bool, active: Render, inactive: Program, readsTwice: Bool, transient: Bool)
    /// `if` without `else`: the content program, and its render when the condition holds.
    case optional(Program, Render?)
    /// `ForEach` with its content program and the rows of this render.
    case forEach(KeySource, content: Program, rows: [ForEachRow])
    /// `.id(_:)` with this render's value.
    case explicitID(Key, Render)
    /// A modifier with this render's argument.
    case modified(Render, Modifier, value: Int)
    /// `AnyView` wrapping this render's view.
    case anyView(Render)
    /// A container.
    case container(ContainerKind, Render)

    /// The program this is a render of.
    public var program: Program {
        switch self {
        case .leaf(let type): return .leaf(type)
        case let .stateful(type, _, label): return .stateful(type, label: label)
        case .tuple(let children): return .tuple(children.map(\.program))
        case let .conditional(arm, active, inactive, readsTwice, _):
            return arm
                ? .conditional(then: active.program, else: inactive, readsTwice: readsTwice)
                : .conditional(then: inactive, else: active.program, readsTwice: readsTwice)
        case let .optional(content, _): return .optional(content)
        case let .forEach(source, content, _): return .forEach(source, content: content)
        case let .explicitID(_, content): return .explicitID(content.program)
        case let .modified(content, modifier, _): return .modified(content.program, modifier)
        case .anyView(let content): return .anyView(content.program)
        case let .container(kind, content): return .container(kind, content.program)
        }
    }

    /// The static Swift type of this render's view.
    public var staticType: ViewType { program.staticType }

    /// Whether the render shows anything: what `presentBefore` counts for earlier tuple siblings.
    public var isPresent: Bool {
        switch self {
        case .leaf(let type): return type != .emptyView
        case .stateful, .explicitID, .modified, .anyView, .container: return true
        case .tuple(let children): return children.contains(where: \.isPresent)
        case let .conditional(_, active, _, _, _): return active.isPresent
        case let .optional(_, content): return content?.isPresent ?? false
        case let .forEach(_, _, rows): return !rows.isEmpty
        }
    }
}
