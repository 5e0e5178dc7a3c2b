/// Why the runtime could not apply an action.
public enum RuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The render has no defined meaning.
    case undefinedBehaviour(UndefinedBehaviour)
    /// `mutateState` named no view of the current render.
    case unknownTarget(StateTarget)

    public var description: String {
        switch self {
        case .undefinedBehaviour(let behaviour): return behaviour.description
        case .unknownTarget(let target): return "no view \(target) in the current render"
        }
    }
}
