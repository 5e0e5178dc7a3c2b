/// One statement of a scenario's program.
public struct ScenarioStep: Hashable, Sendable {
    /// What the statement does.
    public enum Kind: Hashable, Sendable {
        /// `render { RAW }`: evaluate the program text in the block.
        case render(RawBlock)
        /// `set LABEL = INT`: MutateState on the labelled view of the current render.
        case set(ScenarioLabel, Int)
        /// `check LABEL survives|resets|revived|appears|removed`.
        case outcome(ScenarioLabel, CheckOutcome)
        /// `check LABEL == INT`: the state value now held.
        case value(ScenarioLabel, Int)
        /// `check undefined`: this render is undefined behaviour.
        case undefined
    }

    /// What the statement does.
    public var kind: Kind
    /// The whole statement.
    public var range: SourceRange

    /// Creates a step.
    public init(_ kind: Kind, at range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
