import Foundation
import IdentityModel

/// The explicit-state model checker: explores every program and render within bounds, follows
/// transitions breadth-first up to `bounds.steps` actions, and checks a property on every
/// transition. States are deduplicated by their compact form (`CheckerState`) per program.
public struct ModelChecker: Sendable {
    /// The bounds.
    public var bounds: Bounds
    /// The rules identities and lifecycles follow.
    public var rules: RuleSet
    /// Also take `mutateState` actions (set a rendered state to 1).
    public var mutations: Bool
    /// Worker threads; one per core by default.
    public var workers: Int

    /// A checker for `bounds` under `rules`.
    public init(bounds: Bounds, rules: RuleSet = .runtime, mutations: Bool = false, workers: Int? = nil) {
        self.bounds = bounds
        self.rules = rules
        self.mutations = mutations
        self.workers = workers ?? WorkerPool.defaultWorkers
    }

    /// Checks `property`; the counterexample, if any, is a shortest one.
    public func check(_ property: TransitionProperty) throws -> CheckResult {
        let start = Date()
        let startCPU = CheckStatistics.processorSeconds()
        let enumerator = ProgramEnumerator(bounds: bounds)
        let programCount = enumerator.programs().count
        let stop = StopFlag()
        let universe: CompiledProgram? =
            bounds.arbitraryRenders ? try CompiledProgram(programs: enumerator.programs(), enumerator: enumerator, rules: rules) : nil
        let workers = self.workers
        let queue = WorkQueue(count: programCount)
        let outcomes = WorkerPool.run(workers: workers) { worker -> Result<WorkerOutcome, Error> in
            Result {
                var outcome = WorkerOutcome()
                if let universe {
                    let initials = stride(from: worker, to: universe.renderCount, by: workers).map(Int32.init)
                    outcome.merge(explore(universe, initials: initials, property: property, stop: stop))
                    outcome.statistics.programs = worker == 0 ? programCount : 0
                    outcome.statistics.renders = worker == 0 ? universe.renderCount : 0
                    return outcome
                }
                // Each worker builds its own programs: sharing their boxes across threads makes
                // reference counting contend.
                let programs = enumerator.programs()
                while let chunk = queue.take(), !stop.isRaised {
                    for index in chunk {
                        let compiled = try CompiledProgram(programs: [programs[index]], enumerator: enumerator, rules: rules)
                        var found = explore(compiled, initials: Array(0..<Int32(compiled.renderCount)), property: property, stop: stop)
                        found.statistics.programs = 1
                        found.statistics.renders = compiled.renderCount
                        outcome.merge(found)
                    }
                }
                return outcome
            }
        }
        var statistics = CheckStatistics()
        var best: FoundViolation?
        for outcome in outcomes {
            let outcome = try outcome.get()
            statistics.add(outcome.statistics)
            if let found = outcome.violation, best.map({ found.trace.count < $0.trace.count }) ?? true { best = found }
        }
        statistics.seconds = Date().timeIntervalSince(start)
        statistics.cpuSeconds = CheckStatistics.processorSeconds() - startCPU
        statistics.peakMemoryKB = CheckStatistics.peakMemory()
        statistics.workers = workers
        return CheckResult(
            property: property.name, bounds: bounds, counterexample: try best.map(replay), statistics: statistics)
    }

    /// A violation found by one worker: the program, the initial render and the actions.
    struct FoundViolation: Sendable {
        var program: CompiledProgram
        var initial: Int32
        var trace: [CheckerAction]
        var violation: String
    }

    struct WorkerOutcome: Sendable {
        var statistics = CheckStatistics()
        var violation: FoundViolation?

        mutating func merge(_ other: WorkerOutcome) {
            statistics.add(other.statistics)
            if let found = other.violation, violation.map({ found.trace.count < $0.trace.count }) ?? true {
                violation = found
            }
        }
    }

    /// Breadth-first exploration of one compiled program from the given initial renders.
    private func explore(
        _ program: CompiledProgram, initials: [Int32], property: TransitionProperty, stop: StopFlag
    ) -> WorkerOutcome {
        var outcome = WorkerOutcome()
        var seen = Set<CheckerState>()
        var parents: [CheckerState: (CheckerState, CheckerAction)] = [:]
        let keepParents = bounds.steps > 1 && !property.readsTrace
        // A property of histories needs every history: states are not merged, each frontier entry
        // carries the trace that reached it.
        let followsTraces = property.readsTrace
        var traces: [[Transition]] = []
        var nextTraces: [[Transition]] = []
        var frontier: [CheckerState] = initials.filter { !program.isUndefined($0) }.map { index in
            let rendered = program.rendered[Int(index)]
            return CheckerState(render: index, alive: rendered, values: program.initialOnes[Int(index)] & rendered)
        }
        seen.reserveCapacity(frontier.count * 2)
        for state in frontier { seen.insert(state) }
        if followsTraces { traces = Array(repeating: [], count: frontier.count) }
        outcome.statistics.states = frontier.count
        let renderCount = Int32(program.renderCount)
        var next: [CheckerState] = []
        level: for _ in 0..<bounds.steps {
            next.removeAll(keepingCapacity: true)
            nextTraces.removeAll(keepingCapacity: true)
            for (position, state) in frontier.enumerated() {
                var actions: [CheckerAction] = []
                if mutations {
                    for bit in program.rendered[Int(state.render)].indices where !state.values.contains(bit) {
                        actions.append(.mutate(Int16(bit)))
                    }
                }
                var target: Int32 = 0
                while target < renderCount || !actions.isEmpty {
                    let action: CheckerAction
                    let successor: CheckerState
                    if target < renderCount {
                        defer { target += 1 }
                        if program.isUndefined(from: state.render, to: target) {
                            outcome.statistics.undefinedTransitions += 1
                            continue
                        }
                        action = .render(target)
                        successor = program.successor(of: state, rendering: target)
                    } else {
                        action = actions.removeLast()
                        guard case .mutate(let bit) = action else { continue }
                        successor = CheckerState(
                            render: state.render, alive: state.alive, values: state.values | IdentityBits(bit: Int(bit)))
                    }
                    outcome.statistics.transitions += 1
                    outcome.statistics.states += 1
                    let transition = Transition(program: program, old: state, action: action, new: successor)
                    let history = followsTraces ? traces[position] + [transition] : [transition]
                    if let violation = property.check(history) {
                        var trace = [action]
                        var cursor = state
                        if followsTraces {
                            trace = history.map(\.action)
                            cursor = history[0].old
                        } else {
                            while let (parent, step) = parents[cursor] {
                                trace.insert(step, at: 0)
                                cursor = parent
                            }
                        }
                        outcome.violation = FoundViolation(program: program, initial: cursor.render, trace: trace, violation: violation)
                        if trace.count == 1 { stop.raise() }
                        break level
                    }
                    if followsTraces {
                        seen.insert(successor)
                        next.append(successor)
                        nextTraces.append(history)
                    } else if seen.insert(successor).inserted {
                        next.append(successor)
                        if keepParents { parents[successor] = (state, action) }
                    }
                }
            }
            swap(&frontier, &next)
            swap(&traces, &nextTraces)
            if frontier.isEmpty { break }
        }
        outcome.statistics.distinctStates = seen.count
        return outcome
    }

    /// Replays a violation on the runtime to report renders, outcomes and the lifecycle log.
    private func replay(_ found: FoundViolation) throws -> Counterexample {
        let program = found.program
        let renderList = program.renders
        var runtime = RuntimeState(rules: rules)
        var current = found.initial
        var renders = [renderList[Int(current)]]
        var report = try runtime.render(renders[0])
        var actions: [Action] = []
        for step in found.trace {
            switch step {
            case .render(let index):
                current = index
                renders.append(renderList[Int(index)])
                actions.append(.render(renderList[Int(index)]))
                report = try runtime.render(renderList[Int(index)])
            case .mutate(let bit):
                let leaves = program.leaves(of: current)
                let offset = leaves.firstIndex { $0.identity == bit }! - leaves.startIndex
                let action = Action.mutateState(.identity(runtime.paths[offset].identity), 1)
                actions.append(action)
                try runtime.apply(action)
            }
        }
        let lastIsRender: Bool
        if case .render = found.trace.last { lastIsRender = true } else { lastIsRender = false }
        return Counterexample(
            renders: renders, actions: actions, violation: found.violation, lastReport: lastIsRender ? report : nil,
            log: runtime.log)
    }
}
