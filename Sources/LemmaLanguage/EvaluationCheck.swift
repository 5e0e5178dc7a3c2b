/// What `check LABEL evaluated|skipped [because REASON]` expects of a view's `body(view)` event.
package struct EvaluationCheck: Hashable, Sendable {
    /// Reasons that are words of the language, not property names (docs/invalidation.md,
    /// "Scenario syntax"): `identity` (I1), `==` (an always-false `==`), `state` and `dependency`
    /// (I8), `equal` (compared equal), `parent` (I9), `environment` (a declared key changed, I10).
    package static let reasonWords = ["identity", "==", "state", "dependency", "equal", "parent", "environment"]

    /// `evaluated` (true) or `skipped`.
    package var evaluated: Bool
    /// The reason after `because`: one of `reasonWords`, or the property that compared different.
    package var reason: Located<String>?

    /// Creates a check.
    package init(evaluated: Bool, reason: Located<String>?) {
        self.evaluated = evaluated
        self.reason = reason
    }

    /// `evaluated because isDarkMode`.
    package var description: String {
        (evaluated ? "evaluated" : "skipped") + (reason.map { " because \($0.value)" } ?? "")
    }
}
