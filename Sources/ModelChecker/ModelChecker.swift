import Foundation
import IdentityModel

/// The explicit-state model checker: explores every program and render within bounds, follows
/// transitions breadth-first up to `bounds.steps` actions, and checks a property on every
/// transition. States are deduplicated by their compact form (`CheckerState`) per program.
package struct ModelChecker: Sendable {
    /// The bounds.
    package var bounds: Bounds
    /// The rules identities and lifecycles follow.
    package var rules: RuleSet
    /// Also take `mutateState` actions (set a rendered state to 1).
    package var mutations: Bool
    /// Worker threads; one per core by default.
    package var workers: Int
    /// Run the states under `rules` with this rule broken and check them against `rules`
    /// (`identity-determines-state` with the reference identities); `nil` checks `rules` alone.
    package var mutant: RuleMutation?
    /// Explore only this part of the programs (of the initial renders, with arbitrary renders).
    package var shard = Shard.whole
    /// Updated as programs are done, for a progress display; `nil` for none.
    package var progress: ExplorationProgress?

    /// A checker for `bounds` under `rules`.
    package init(
        bounds: Bounds, rules: RuleSet = .runtime, mutations: Bool = false, workers: Int? = nil, mutant: RuleMutation? = nil
    ) {
        self.bounds = bounds
        self.rules = rules
        self.mutations = mutations
        self.workers = workers ?? WorkerPool.defaultWorkers
        self.mutant = mutant
    }

    /// The rules the states follow: `rules`, or its mutant.
    var modelRules: RuleSet { mutant.map(rules.mutated) ?? rules }

    /// Thrown when `mutant` is combined with another property than `identity-determines-state`.
    package struct UnsupportedMutantProperty: Error, CustomStringConvertible {
        /// The property asked for.
        package var property: String
        package var description: String {
            "--mutant checks identity-determines-state against the reference rules, not \(property)"
        }
    }

    /// Checks `property`; the counterexample, if any, is a shortest one: the fewest actions, and
    /// among those the lowest-numbered program's, for any number of workers.
    package func check(_ property: TransitionProperty) throws -> CheckResult {
        if mutant != nil, property.name != TransitionProperty.identityDeterminesState.name {
            throw UnsupportedMutantProperty(property: property.name)
        }
        let start = Date()
        let startCPU = CheckStatistics.processorSeconds()
        let enumerator = ProgramEnumerator(bounds: bounds)
        let programs = enumerator.programs()
        let indices = shard.indices(programs.count)
        progress?.begin(programs: bounds.arbitraryRenders ? 0 : indices.count)
        let workers = self.workers
        let shortest = ShortestViolation()
        let outcomes: [Result<WorkerOutcome, Error>]
        if bounds.arbitraryRenders {
            // One universe of every render; a shard and a worker take every n-th initial render.
            let universe = try compile(programs, enumerator, property: property)
            let shard = self.shard
            outcomes = WorkerPool.run(workers: workers) { worker in
                Result {
                    let first = Int32(shard.index - 1 + shard.count * worker)
                    var outcome = explore(
                        universe, index: 0, initials: stride(from: first, to: universe.renderCount, by: shard.count * workers),
                        shortest: shortest)
                    let counts = worker == 0 && shard.index == 1
                    outcome.statistics.programs = counts ? programs.count : 0
                    outcome.statistics.renders = counts ? Int(universe.renderCount) : 0
                    return outcome
                }
            }
        } else {
            let queue = WorkQueue(count: indices.count)
            outcomes = WorkerPool.run(workers: workers) { _ in
                Result {
                    var outcome = WorkerOutcome()
                    let explorers = Explorers()
                    while let chunk = queue.take() {
                        var done = CheckStatistics()
                        for position in chunk {
                            let index = indices[position]
                            guard shortest.limit(for: index, steps: bounds.steps) > 0 else { continue }
                            let space = try compile([programs[index]], enumerator, property: property, caches: explorers)
                            var found = explore(space, index: index, initials: stride(from: 0, to: space.renderCount, by: 1),
                                shortest: shortest, explorers: explorers)
                            found.statistics.programs = 1
                            found.statistics.renders = Int(space.renderCount)
                            done.add(found.statistics)
                            outcome.merge(found)
                        }
                        progress?.add(programs: chunk.count, states: done.states)
                    }
                    return outcome
                }
            }
        }
        var statistics = CheckStatistics()
        var best: FoundViolation?
        for outcome in outcomes {
            let outcome = try outcome.get()
            statistics.add(outcome.statistics)
            if let found = outcome.violation, best.map({ found.isShorter(than: $0) }) ?? true { best = found }
        }
        statistics.seconds = Date().timeIntervalSince(start)
        statistics.cpuSeconds = CheckStatistics.processorSeconds() - startCPU
        statistics.peakMemoryKB = CheckStatistics.peakMemory()
        statistics.workers = workers
        return CheckResult(
            property: property.name, bounds: bounds, counterexample: try best.map(replay), statistics: statistics)
    }

    /// A violation found by one worker: the program (its index and compiled renders), the initial
    /// render and the actions.
    struct FoundViolation: Sendable {
        var index: Int
        var program: CompiledProgram
        var initial: Int32
        var trace: [CheckerAction]
        var violation: String

        /// Fewer actions, or as many in a lower-numbered program.
        func isShorter(than other: FoundViolation) -> Bool { (trace.count, index) < (other.trace.count, other.index) }
    }

    struct WorkerOutcome: Sendable {
        var statistics = CheckStatistics()
        var violation: FoundViolation?

        mutating func merge(_ other: WorkerOutcome) {
            statistics.add(other.statistics)
            if let found = other.violation, violation.map({ found.isShorter(than: $0) }) ?? true { violation = found }
        }
    }

    /// One worker's explorers and summary caches (one per rule set), made when first needed.
    final class Explorers {
        lazy var programs = Explorer<ProgramSpace>()
        lazy var pairs = Explorer<DifferentialSpace>()
        let modelSummaries = EnumerationCache<RenderSummary>()
        let referenceSummaries = EnumerationCache<RenderSummary>()
    }

    /// The programs compiled under the model's rules, and under the reference rules too for a mutant.
    private func compile(
        _ programs: [Program], _ enumerator: ProgramEnumerator, property: TransitionProperty, caches: Explorers? = nil
    ) throws -> AnySpace {
        let model = try CompiledProgram(programs: programs, enumerator: enumerator, rules: modelRules, cache: caches?.modelSummaries)
        guard mutant != nil else { return .program(ProgramSpace(program: model, property: property)) }
        let reference = try CompiledProgram(
            programs: programs, enumerator: enumerator, rules: rules, cache: caches?.referenceSummaries)
        return .differential(DifferentialSpace(mutant: model, reference: reference, reportsUndefined: bounds.duplicateKeys))
    }

    /// Explores one space (program `index`, or the universe of every render) within the steps the
    /// shortest violation so far leaves.
    private func explore(
        _ space: AnySpace, index: Int, initials: StrideTo<Int32>, shortest: ShortestViolation, explorers: Explorers = Explorers()
    ) -> WorkerOutcome {
        let limit = { shortest.limit(for: index, steps: bounds.steps) }
        let found: (statistics: CheckStatistics, violation: (initial: Int32, trace: [CheckerAction], message: String)?)
        switch space {
        case .program(let program):
            let explorer = explorers.programs
            let result = explorer.explore(program, initials: initials, steps: bounds.steps, mutations: mutations,
                readsTrace: program.property.readsTrace, limit: limit)
            found = (result.statistics, result.violation)
        case .differential(let pair):
            let explorer = explorers.pairs
            let result = explorer.explore(pair, initials: initials, steps: bounds.steps, mutations: mutations, readsTrace: false, limit: limit)
            found = (result.statistics, result.violation)
        }
        var outcome = WorkerOutcome(statistics: found.statistics)
        if let violation = found.violation {
            shortest.record(length: violation.trace.count, index: index)
            outcome.violation = FoundViolation(
                index: index, program: space.model, initial: violation.initial, trace: violation.trace, violation: violation.message)
        }
        return outcome
    }

    /// Thrown when a mutant's counterexample, replayed on the runtime under the mutant and under
    /// the reference rules, shows no view whose values differ: the compact states were wrong.
    package struct MutantReplayMismatch: Error, CustomStringConvertible {
        package var description: String
    }

    /// Replays a violation on the runtime to report renders, outcomes and the lifecycle log; a
    /// mutant's violation is replayed under the reference rules too and must show a view whose
    /// values differ.
    private func replay(_ found: FoundViolation) throws -> Counterexample {
        let program = found.program
        let renderList = program.renders
        var runtime = RuntimeState(rules: modelRules)
        var reference = RuntimeState(rules: rules)
        var current = found.initial
        var renders = [renderList[Int(current)]]
        var report = try runtime.render(renders[0])
        var referenceReport = try reference.render(renders[0])
        var actions: [Action] = []
        var referenceUndefined: UndefinedBehaviour?
        for step in found.trace {
            if let referenceUndefined { throw MutantReplayMismatch(description: "the reference rules stopped before the end: \(referenceUndefined)") }
            switch step {
            case .render(let index):
                current = index
                renders.append(renderList[Int(index)])
                actions.append(.render(renderList[Int(index)]))
                report = try runtime.render(renderList[Int(index)])
                do {
                    referenceReport = try reference.render(renderList[Int(index)])
                } catch RuntimeError.undefinedBehaviour(let behaviour) where bounds.duplicateKeys && mutant != nil {
                    // The violation `DifferentialSpace.reportsUndefined` found: confirmed if it is the last step.
                    referenceUndefined = behaviour
                }
            case .mutate(let bit):
                let leaves = program.leaves(of: current)
                let offset = leaves.firstIndex { $0.identity == bit }! - leaves.startIndex
                let action = Action.mutateState(.identity(runtime.paths[offset].identity), 1)
                actions.append(action)
                try runtime.apply(action)
            case .mutateView(let offset):
                let action = Action.mutateState(.identity(runtime.paths[Int(offset)].identity), 1)
                actions.append(action)
                try runtime.apply(action)
                try reference.apply(.mutateState(.identity(reference.paths[Int(offset)].identity), 1))
            }
        }
        let lastIsRender: Bool
        if case .render = found.trace.last { lastIsRender = true } else { lastIsRender = false }
        if mutant != nil, referenceUndefined == nil, !zip(report.views, referenceReport.views).contains(where: { $0.value != $1.value }) {
            throw MutantReplayMismatch(
                description: "the counterexample of \(modelRules) does not replay: every view holds the value \(rules) gives it")
        }
        return Counterexample(
            renders: renders, actions: actions,
            violation: found.violation + (referenceUndefined.map { "; replayed, the reference rules say: \($0)" } ?? ""),
            lastReport: lastIsRender ? report : nil,
            log: runtime.log)
    }
}
