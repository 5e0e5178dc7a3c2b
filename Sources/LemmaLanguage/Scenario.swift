/// A parsed `scenario NAME { … }`, before checking.
public struct Scenario: Hashable, Sendable {
    /// Name and headers.
    public var header: ItemHeader
    /// The `render`, `set` and `check` statements, in order.
    public var steps: [ScenarioStep] = []
    /// `invalidation NAME`, if given: the invalidation rule set (I1–I9) of a scenario that checks
    /// body evaluation.
    public var invalidation: Located<String>?
    /// Whether a statement of this scenario had a syntax error.
    public var hasSyntaxErrors = false
    /// From `scenario` to the closing brace.
    public var range: SourceRange

    /// Creates a scenario with a name and no steps.
    public init(header: ItemHeader, range: SourceRange) {
        self.header = header
        self.range = range
    }
}
