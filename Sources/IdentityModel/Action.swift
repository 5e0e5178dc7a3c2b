/// A step of a trace.
public enum Action: Hashable, Sendable, CustomStringConvertible {
    /// Evaluate the body again, producing this render.
    case render(Render)
    /// Set the state of one view currently rendered.
    case mutateState(StateTarget, Int)

    public var description: String {
        switch self {
        case .render(let render): return "render\n" + RenderPrinter.print(render)
        case let .mutateState(target, value): return "set \(target) = \(value)"
        }
    }
}

/// The view a `mutateState` action writes to.
public enum StateTarget: Hashable, Sendable, CustomStringConvertible {
    /// The view with this label in the current render.
    case label(String)
    /// The view with this identity in the current render.
    case identity(Identity)

    public var description: String {
        switch self {
        case .label(let label): return label
        case .identity(let identity): return identity.description
        }
    }
}
