import IdentityModel

/// Runs renders printed from a `ViewShape` through IdentityModel's `RuntimeState`: the only
/// source of every identity verdict a finding states.
struct ModelProbe {
    let rules: RuleSet

    /// The effect on one stateful view of rendering `first`, setting every state, then `second`.
    enum Effect: Equatable {
        /// The view's state after `second` is the one set after `first`.
        case kept
        /// Its state started again (or the view is gone).
        case lost
        /// Its state was kept, but it is the state set on `carriedFrom` (another row's).
        case carried(from: String)
        /// The model calls the second render undefined behaviour.
        case undefined(String)
    }

    struct Outcome {
        var effect: Effect
        var before: String
        var after: String
    }

    /// Renders `first` then `second`, with distinct values set on every stateful view after the
    /// first render; says what became of `label` (a label of the second render), which held
    /// `expectedFrom`'s value (a label of the first render) if kept.
    func probe(
        _ shape: ViewShape, first: Scenario, second: Scenario, label: String, expectedFrom: String? = nil
    ) throws -> Outcome {
        let beforeText = RenderText.text(of: shape, in: first)
        let afterText = RenderText.text(of: shape, in: second)
        var state = RuntimeState(rules: rules)
        let report = try state.render(RenderParser.parse(beforeText))
        var setValues: [Int: String] = [:]
        for (index, view) in report.views.enumerated() {
            let value = 1000 + index
            try state.mutateState(.identity(view.path.identity), to: value)
            if let label = view.path.label { setValues[value] = label }
        }
        let last: RenderReport
        do {
            last = try state.render(RenderParser.parse(afterText))
        } catch RuntimeError.undefinedBehaviour(let behaviour) {
            return Outcome(effect: .undefined(behaviour.description), before: beforeText, after: afterText)
        }
        let value = last.value(of: label)
        let expected = expectedFrom ?? label
        let effect: Effect
        switch value.flatMap({ setValues[$0] }) {
        case nil: effect = .lost
        case expected: effect = .kept
        case let other?: effect = .carried(from: other)
        }
        return Outcome(effect: effect, before: beforeText, after: afterText)
    }
}
