import IdentityModel

/// One `body(view)` event of a render: whether the view's body ran, and why.
public struct BodyEvaluation: Hashable, Sendable, CustomStringConvertible {
    /// The view's label.
    public var label: String
    /// Its identity in the render (R1–R10).
    public var identity: Identity
    /// Why its body ran or was skipped.
    public var reason: EvaluationReason
    /// The view value of this render.
    public var value: ViewValue
    /// The value it was compared with (the previous render's), `nil` for a new identity.
    public var previous: ViewValue?

    /// Creates an event.
    public init(label: String, identity: Identity, reason: EvaluationReason, value: ViewValue, previous: ViewValue?) {
        self.label = label
        self.identity = identity
        self.reason = reason
        self.value = value
        self.previous = previous
    }

    /// Whether the body ran.
    public var evaluated: Bool { reason.evaluates }

    public var description: String { "body(\(label)) \(evaluated ? "evaluated" : "skipped"): \(reason)" }

    /// The property whose comparison said different, with its old and new values, when that is
    /// why the body ran: `p1: { … } -> { … }`.
    public var failedProperty: String? {
        guard case .comparedDifferent(.differentAt(let name)) = reason else { return nil }
        func printed(_ view: ViewValue?) -> String {
            if let property = view?.property(name) { return RenderPrinter.print(property) }
            if name == ViewValue.stateField, let initial = view?.initialState { return "State(initialValue: \(initial))" }
            return "absent"
        }
        let before = printed(previous)
        let after = printed(value)
        return "\(name): \(before) -> \(after)"
    }

    /// The event with both values as Swift: `… : Row(onTap: { … }) -> Row(onTap: { … })`.
    public var explanation: String {
        "\(description): " + (previous.map { "\($0) -> " } ?? "") + value.description
    }
}
