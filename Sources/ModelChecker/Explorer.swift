/// Breadth-first search of one `StateSpace` at a time, owned by one worker: the state table and
/// the queue are reused from program to program, so the per-transition path allocates nothing.
final class Explorer<Space: StateSpace> {
    /// What one search found.
    struct Outcome {
        var statistics = CheckStatistics()
        /// The initial render, the actions after it and why the last one violates the property.
        var violation: (initial: Int32, trace: [CheckerAction], message: String)?
    }

    private let table = StateTable<Space.State>()
    /// Every state queued, level after level; `parents` and `actions` run alongside when kept.
    private var states: [Space.State] = []
    private var parents: [Int32] = []
    private var actions: [CheckerAction] = []

    /// Explores `space` from the renders `initials` for at most `steps` actions (re-reading `limit()` at every level, which may
    /// only shrink it), merging equal states unless the property reads whole traces, and stops at
    /// the first violation: one of the fewest actions.
    func explore(
        _ space: Space, initials: StrideTo<Int32>, steps: Int, mutations: Bool, readsTrace: Bool, limit: () -> Int
    ) -> Outcome {
        var outcome = Outcome()
        let keepsParents = steps > 1 || readsTrace
        table.clear()
        states.removeAll(keepingCapacity: true)
        parents.removeAll(keepingCapacity: true)
        actions.removeAll(keepingCapacity: true)
        for render in initials {
            guard let state = space.initialState(render) else { continue }
            _ = table.insert(state)
            states.append(state)
            if keepsParents {
                parents.append(-1)
                actions.append(.render(render))
            }
        }
        outcome.statistics.states = states.count
        var levelStart = 0
        var level = 0
        while level < min(steps, limit()), levelStart < states.count {
            let levelEnd = states.count
            for index in levelStart..<levelEnd {
                let state = states[index]
                for target in 0..<space.renderCount {
                    guard let next = space.successor(of: state, rendering: target) else {
                        outcome.statistics.undefinedTransitions += 1
                        continue
                    }
                    if let message = visit(space, index, state, .render(target), next, &outcome.statistics, keepsParents, readsTrace) {
                        outcome.violation = violation(space, index, .render(target), message)
                        break
                    }
                }
                if outcome.violation != nil { break }
                guard mutations else { continue }
                var choices = space.mutationChoices(of: state)
                // Highest choice first, as the queue has always taken them.
                while choices != .empty {
                    let choice = choices.high != 0 ? 127 - choices.high.leadingZeroBitCount : 63 - choices.low.leadingZeroBitCount
                    choices = choices & ~IdentityBits(bit: choice)
                    let (action, next) = space.mutate(state, choice)
                    if let message = visit(space, index, state, action, next, &outcome.statistics, keepsParents, readsTrace) {
                        outcome.violation = violation(space, index, action, message)
                        break
                    }
                }
                if outcome.violation != nil { break }
            }
            if outcome.violation != nil { break }
            levelStart = levelEnd
            level += 1
        }
        outcome.statistics.distinctStates = table.count
        return outcome
    }

    /// Counts and checks one transition from `states[index]` and queues its target if new (or
    /// always, for a property of traces).
    @inline(__always)
    private func visit(
        _ space: Space, _ index: Int, _ state: Space.State, _ action: CheckerAction, _ next: Space.State,
        _ statistics: inout CheckStatistics, _ keepsParents: Bool, _ readsTrace: Bool
    ) -> String? {
        statistics.transitions += 1
        statistics.states += 1
        if let message = space.violation(from: state, by: action, to: next, history: { history(to: index) }) {
            return message
        }
        if table.insert(next) || readsTrace {
            states.append(next)
            if keepsParents {
                parents.append(Int32(index))
                actions.append(action)
            }
        }
        return nil
    }

    /// The transitions from an initial state to `states[index]`.
    private func history(to index: Int) -> [(Space.State, CheckerAction, Space.State)] {
        var result: [(Space.State, CheckerAction, Space.State)] = []
        var cursor = index
        while parents[cursor] >= 0 {
            let parent = Int(parents[cursor])
            result.append((states[parent], actions[cursor], states[cursor]))
            cursor = parent
        }
        return result.reversed()
    }

    /// The violation by `action` from `states[index]`, with the actions that led there.
    private func violation(_ space: Space, _ index: Int, _ action: CheckerAction, _ message: String) -> (Int32, [CheckerAction], String) {
        var trace = [action]
        var cursor = index
        while !parents.isEmpty, parents[cursor] >= 0 {
            trace.append(actions[cursor])
            cursor = Int(parents[cursor])
        }
        return (space.render(of: states[cursor]), trace.reversed(), message)
    }
}
