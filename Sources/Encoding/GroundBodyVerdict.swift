import Invalidation

/// Z3's answer for one view of a render under the ground encoding of I1–I11 (`GroundInvalidation`):
/// whether its body runs, and why.
package struct GroundBodyVerdict: Hashable, Sendable, CustomStringConvertible {
    /// The view's label.
    package var label: String
    /// Why its body ran or was skipped, as read from Z3's model.
    package var reason: EvaluationReason

    /// Creates a verdict.
    package init(label: String, reason: EvaluationReason) {
        self.label = label
        self.reason = reason
    }

    package var description: String { "\(reason.evaluates ? "evaluated" : "skipped") (\(reason))" }
}
