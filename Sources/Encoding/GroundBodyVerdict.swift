import Invalidation

/// Z3's answer for one view of a render under the ground encoding of I1–I9 (`GroundInvalidation`):
/// whether its body runs, and why.
public struct GroundBodyVerdict: Hashable, Sendable, CustomStringConvertible {
    /// The view's label.
    public var label: String
    /// Why its body ran or was skipped, as read from Z3's model.
    public var reason: EvaluationReason

    /// Creates a verdict.
    public init(label: String, reason: EvaluationReason) {
        self.label = label
        self.reason = reason
    }

    public var description: String { "\(reason.evaluates ? "evaluated" : "skipped") (\(reason))" }
}
