/// One statement of a scenario's program.
package struct ScenarioStep: Hashable, Sendable {
    /// What the statement does.
    package enum Kind: Hashable, Sendable {
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
        /// `set observable(N).P = INT`: a property of the `@Observable` object N changes.
        case setObservable(object: Int, property: String, value: Int)
        /// `send model(N)`: object N sent `objectWillChange`; the views observing it are signalled (I11).
        case send(Int)
        /// `send model(N) unobserved`: a send of an object no view of the scenario observes, said
        /// so (a plain `send` of one is E094, likely a mistyped number); it signals nothing (I11).
        case sendUnobserved(Int)
        /// `check LABEL evaluated|skipped [because REASON]`: whether the view's body ran in the
        /// current render (invalidation, I1–I12).
        case evaluation(ScenarioLabel, EvaluationCheck)
    }

    /// What the statement does.
    package var kind: Kind
    /// `check NAME: …`: the name `expect refuted by NAME` uses, if the check has one.
    package var name: Located<String>?
    /// The whole statement.
    package var range: SourceRange

    /// Creates a step.
    package init(_ kind: Kind, name: Located<String>? = nil, at range: SourceRange) {
        self.kind = kind
        self.name = name
        self.range = range
    }

    /// What a check asks, as written after `check` and its name (`top survives`, `row[1] == 2`,
    /// `undefined`, `toggle skipped because equal`); `nil` for a step that checks nothing.
    package var checkText: String? {
        switch kind {
        case .outcome(let label, let outcome): return "\(label) \(outcome.rawValue)"
        case .value(let label, let value): return "\(label) == \(value)"
        case .undefined: return "undefined"
        case .evaluation(let label, let check): return "\(label) \(check.description)"
        case .render, .set, .setUnread, .signal, .setObservable, .send, .sendUnobserved: return nil
        }
    }
}
