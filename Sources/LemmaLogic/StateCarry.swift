import Invalidation

/// The `@State` of a path the user sets (`mutate p after r`) over all of a lemma's renders, as the
/// runtime carries it from render to render (docs/invalidation.md, "A user's set"): after a
/// transition it holds the value set when the set came before that transition and committed
/// (`InvalidationRules.i8SetCommits` against the value then held), else the value it held while the
/// identity survives, else the initial value of the new identity (I1): `InvalidationRules.i8StateAfter`,
/// transition by transition. Only a committed set is a change; the trees (`ViewChainTrees`) take
/// their state changes from here, not from the links.
package struct StateCarry: Hashable, Sendable {
    /// The value the state holds in each render.
    package var values: [Int]
    /// Its own state change at each transition.
    package var changes: [StateChange]

    /// The state of `history` (one link per transition), whose identity's storage starts from
    /// `initials[r]` when it is made at render `r` (the first render, or after a transition it does
    /// not survive).
    package init(history: [ViewLink], initials: [Int], rules: InvalidationRules) {
        var values = [initials[0]]
        var changes: [StateChange] = []
        var carried: StateUpdate?
        for (transition, link) in history.enumerated() {
            let step = rules.i8StateAfter(
                held: values[transition], initial: initials[transition + 1], survives: link.survives,
                set: link.stateSet.map { StateUpdate(value: $0.set, read: $0.read) }, carried: carried)
            values.append(step.value)
            changes.append(step.change)
            carried = step.carried
        }
        self.values = values
        self.changes = changes
    }

    /// The `@State` initial values of `history`'s view values at each render: one number per run of
    /// renders between changes (`initialChanged`). With a set, the identity present at the set
    /// starts from the value the link says it held (`StateSet.held`), and every other run from a
    /// number of its own above it, so that the carried state reaches the set holding that value.
    package static func initials(of history: [ViewLink]) -> [Int] {
        let runs = history.reduce(into: [0]) { runs, link in runs.append(runs.last! + (link.initialChanged ? 1 : 0)) }
        guard let setTransition = history.firstIndex(where: { $0.stateSet != nil }), let held = history[setTransition].stateSet?.held
        else { return runs.map { ViewLink.initialStates.before + $0 } }
        // The render the identity present at the set was made in.
        let made = history[..<setTransition].lastIndex { !$0.survives }.map { $0 + 1 } ?? 0
        return runs.map { $0 == runs[made] ? held : held + 1 + $0 }
    }
}
