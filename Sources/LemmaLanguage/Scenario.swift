/// A parsed `scenario NAME { … }`, before checking.
package struct Scenario: Hashable, Sendable {
    /// Name and headers.
    package var header: ItemHeader
    /// The `render`, `set` and `check` statements, in order.
    package var steps: [ScenarioStep] = []
    /// `invalidation NAME`, if given: the invalidation rule set (I1–I12) of a scenario that checks
    /// body evaluation.
    package var invalidation: Located<String>?
    /// Whether a statement of this scenario had a syntax error.
    package var hasSyntaxErrors = false
    /// Whether a `render { … }` block of this scenario is unterminated, so that its text may run on
    /// to the end of the file: its blocks are then not parsed.
    package var hasUnterminatedBlock = false
    /// From `scenario` to the closing brace.
    package var range: SourceRange

    /// Creates a scenario with a name and no steps.
    package init(header: ItemHeader, range: SourceRange) {
        self.header = header
        self.range = range
    }
}
