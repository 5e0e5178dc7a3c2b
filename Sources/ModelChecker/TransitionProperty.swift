/// A property of every transition, or of every whole trace: `check` returns `nil` when it holds, or
/// why it does not.
package struct TransitionProperty: Sendable {
    /// The name `explore --property` selects it by.
    package var name: String
    /// What it claims.
    package var summary: String
    /// `nil` if the trace ending with its last transition satisfies the property, otherwise a
    /// description of the violation. The trace starts at an initial render.
    package var check: @Sendable ([Transition]) -> String?
    /// Whether `check` reads more than the last transition. The checker then follows every trace
    /// up to `Bounds.steps` without merging equal states, since the property depends on history.
    package var readsTrace: Bool
    /// The check of one transition, for a property that reads only the last one: the checker calls
    /// it without building a trace.
    let checkTransition: (@Sendable (Transition) -> String?)?
    /// A necessary condition for a violation in a few bit operations on the compact states
    /// (program, old state, action, new state), or `nil`: `checkTransition` runs only where it holds.
    let mayViolate: (@Sendable (CompiledProgram, CheckerState, CheckerAction, CheckerState) -> Bool)?

    /// A property of (old state, action, new state).
    package init(name: String, summary: String, check: @escaping @Sendable (Transition) -> String?) {
        self.init(name: name, summary: summary, mayViolate: nil, check: check)
    }

    init(
        name: String, summary: String,
        mayViolate: (@Sendable (CompiledProgram, CheckerState, CheckerAction, CheckerState) -> Bool)?,
        check: @escaping @Sendable (Transition) -> String?
    ) {
        self.name = name
        self.summary = summary
        self.check = { trace in trace.last.flatMap(check) }
        readsTrace = false
        checkTransition = check
        self.mayViolate = mayViolate
    }

    /// A property of whole traces.
    package init(name: String, summary: String, trace: @escaping @Sendable ([Transition]) -> String?) {
        self.name = name
        self.summary = summary
        self.check = trace
        readsTrace = true
        checkTransition = nil
        mayViolate = nil
    }

    /// Seed 000's engineer expectation: a view of the same type at the same rendered position keeps
    /// its state. Refuted by the rules.
    package static let engineerExpectation = TransitionProperty(
        name: "engineer-expectation", summary: "same type at the same position => state survives"
    ) { transition in
        guard case .render(let next) = transition.action else { return nil }
        let program = transition.program
        let oldLeaves = program.leaves(of: transition.old.render)
        for leaf in program.leaves(of: next) {
            guard let previous = oldLeaves.first(where: { $0.address == leaf.address }) else { continue }
            if leaf.identity < 0 || leaf.identity != previous.identity {
                return "the \(program.describeLeaf(leaf, in: next)) is at the same position with the same type, but its identity changed, so its state was reset"
            }
        }
        return nil
    }

    /// State survives iff identity survives: a rendered view keeps its value exactly when its
    /// identity was allocated before (rendered or retained), and otherwise starts from its initial
    /// value. Under `ModelChecker.mutant` the identities are the reference rules' and the values the
    /// mutant's.
    package static let identityDeterminesState = TransitionProperty(
        name: "identity-determines-state", summary: "state survives iff identity survives",
        mayViolate: { program, old, action, new in
            guard case .render(let next) = action else { return false }
            let rendered = program.rendered[Int(next)]
            let expected = (old.alive & old.values) | (~old.alive & program.initialOnes[Int(next)])
            return (new.values ^ expected) & rendered != .empty
        }
    ) { transition in
        guard case .render(let next) = transition.action else { return nil }
        let program = transition.program
        for leaf in program.leaves(of: next) {
            // A view whose identity exists only in this render always starts from its initial value.
            guard leaf.identity >= 0 else { continue }
            let value = transition.new.values.contains(Int(leaf.identity))
            let expected: Bool
            if transition.old.alive.contains(Int(leaf.identity)) {
                expected = transition.old.values.contains(Int(leaf.identity))
            } else {
                expected = leaf.initialIsOne
            }
            if value != expected { return "the \(program.describeLeaf(leaf, in: next)) holds \(value ? 1 : 0), expected \(expected ? 1 : 0)" }
        }
        return nil
    }

    /// Seed 002's reading of conditional views, over whole traces: a view that leaves and comes back
    /// starts again from its initial value, whatever was set before. Refuted by lazy containers'
    /// retention (R7, seed 001 experiment 3); holds where they evict (R9, rule set `evicting`).
    /// Needs `--steps 4` or more with mutations.
    package static let removedStateIsForgotten = TransitionProperty(
        name: "removed-state-is-forgotten", summary: "a view that leaves and comes back starts from its initial value"
    ) { (trace: [Transition]) -> String? in
        guard let last = trace.last, case .render(let now) = last.action else { return nil }
        let program = last.program
        for leaf in program.leaves(of: now) where leaf.identity >= 0 {
            let bit = Int(leaf.identity)
            // The last state where the view was not rendered, after one where it was.
            var seen = false
            var gone: Int?
            for (index, transition) in trace.enumerated() {
                let rendered = program.rendered[Int(transition.old.render)].contains(bit)
                if rendered { seen = true } else if seen { gone = index }
            }
            guard let removal = gone else { continue }
            let setSince = trace[removal...].contains { transition in
                if case .mutate(let mutated) = transition.action { return Int(mutated) == bit }
                return false
            }
            if !setSince, last.new.values.contains(bit) != leaf.initialIsOne {
                return "the \(program.describeLeaf(leaf, in: now)) left and came back holding the value it had before, not its initial value"
            }
        }
        return nil
    }

    /// R7 over whole traces: a view under a lazy container that leaves and comes back, with no state
    /// change while it was gone, holds the value it had when it left. Holds under `runtime`
    /// (retention); refuted under `evicting` (R9). Needs `--steps 4` or more with mutations.
    package static let lazyRevivalKeepsState = TransitionProperty(
        name: "lazy-revival-keeps-state",
        summary: "a lazily contained view that leaves and comes back, its lazy container rendered all along, keeps its value"
    ) { (trace: [Transition]) -> String? in
        guard let last = trace.last, case .render(let now) = last.action else { return nil }
        let program = last.program
        for leaf in program.leaves(of: now) where leaf.identity >= 0 && program.lazilyContained.contains(Int(leaf.identity)) {
            let bit = Int(leaf.identity)
            // The state just before the view's last departure, if it departed and nothing set it since.
            var valueWhenLeft: Bool?
            for transition in trace {
                let wasRendered = program.rendered[Int(transition.old.render)].contains(bit)
                let isRendered = program.rendered[Int(transition.new.render)].contains(bit)
                if wasRendered && !isRendered { valueWhenLeft = transition.old.values.contains(bit) }
                // Away while its container was gone too: its item cache, and the state, went with it.
                if !isRendered && !program.cacheSurvives[Int(transition.new.render)].contains(bit) { valueWhenLeft = nil }
                if case .mutate(let mutated) = transition.action, Int(mutated) == bit { valueWhenLeft = nil }
            }
            guard let expected = valueWhenLeft else { continue }
            if last.new.values.contains(bit) != expected {
                return "the \(program.describeLeaf(leaf, in: now)) came back to its lazy container holding "
                    + "\(last.new.values.contains(bit) ? 1 : 0), not the \(expected ? 1 : 0) it had when it left"
            }
        }
        return nil
    }

    /// Every named property.
    package static let all: [TransitionProperty] = [
        .engineerExpectation, .identityDeterminesState, .removedStateIsForgotten, .lazyRevivalKeepsState,
    ]

    /// The property with this name, or `nil`.
    package static func named(_ name: String) -> TransitionProperty? { all.first { $0.name == name } }
}

extension CompiledProgram {
    /// A person's description of a leaf of render `index`: its label or type, and its address.
    func describeLeaf(_ leaf: CompiledLeaf, in index: Int32) -> String {
        let paths = renders[Int(index)].statefulPaths(rules: rules, generation: 0)
        let offset = leaves(of: index).firstIndex(of: leaf).map { $0 - Int(leafStart[Int(index)]) } ?? 0
        let path = paths[offset]
        return "\(path.leafType) at address \(path.address)"
    }
}
