import IdentityModel

/// One `body(view)` event of a render: whether the view's body ran, and why.
public struct BodyEvaluation: Hashable, Sendable, CustomStringConvertible {
    /// The view's label.
    public var label: String
    /// Its identity in the render (R1–R10).
    public var identity: Identity
    /// Why its body ran or was skipped.
    public var reason: EvaluationReason

    /// Creates an event.
    public init(label: String, identity: Identity, reason: EvaluationReason) {
        self.label = label
        self.identity = identity
        self.reason = reason
    }

    /// Whether the body ran.
    public var evaluated: Bool { reason.evaluates }

    public var description: String { "body(\(label)) \(evaluated ? "evaluated" : "skipped"): \(reason)" }
}
