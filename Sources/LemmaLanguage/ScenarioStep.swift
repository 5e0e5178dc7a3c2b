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
        /// `set LABEL = INT unread`: a state change the labelled view's body did not read.
        case setUnread(ScenarioLabel, Int)
        /// `signal LABEL`: an observed dependency of the labelled view signalled a change.
        case signal(ScenarioLabel)
        /// `check LABEL evaluated|skipped [because REASON]`: whether the view's body ran in the
        /// current render (invalidation, I1–I9).
        case evaluation(ScenarioLabel, EvaluationCheck)
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
