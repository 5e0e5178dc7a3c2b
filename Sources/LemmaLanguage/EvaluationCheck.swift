/// What `check LABEL evaluated|skipped [because REASON]` expects of a view's `body(view)` event.
public struct EvaluationCheck: Hashable, Sendable {
    /// Reasons that are words of the language, not property names (docs/invalidation.md,
    /// "Scenario syntax"): `identity` (I1), `==` (an always-false `==`), `state` and `dependency`
    /// (I8), `equal` (compared equal), `parent` (I9), `environment` (a declared key changed, I10).
    public static let reasonWords = ["identity", "==", "state", "dependency", "equal", "parent", "environment"]

    /// `evaluated` (true) or `skipped`.
    public var evaluated: Bool
    /// The reason after `because`: one of `reasonWords`, or the property that compared different.
    public var reason: Located<String>?

    /// Creates a check.
    public init(evaluated: Bool, reason: Located<String>?) {
        self.evaluated = evaluated
        self.reason = reason
    }

    /// `evaluated because isDarkMode`.
    public var description: String {
        (evaluated ? "evaluated" : "skipped") + (reason.map { " because \($0.value)" } ?? "")
    }
}
