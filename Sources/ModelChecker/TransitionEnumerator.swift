import Foundation
import IdentityModel

/// One program and a sequence of its renders within bounds (by default a transition: two renders).
package struct TransitionCase: Sendable {
    /// The program the first render renders (with arbitrary renders, later ones may render others).
    package var program: Program
    /// The renders, in order.
    package var renders: [Render]
    /// The first render.
    package var before: Render { renders[0] }
    /// The second render.
    package var after: Render { renders[1] }
}

/// What a `TransitionEnumerator` run saw.
package struct EnumerationResult<Counterexample: Sendable>: Sendable {
    /// The counterexample of the lowest-numbered program that has one (the first its walk reaches),
    /// the same for any number of workers; `nil` if no case has one.
    package var counterexample: Counterexample?
    /// Programs enumerated.
    package var programs: Int
    /// Cases passed to the closure.
    package var cases: Int
    /// Wall-clock seconds.
    package var seconds: Double
}

/// Enumerates every program with every sequence of `renderCount` of its renders within bounds and
/// hands each to a closure, on all cores, giving up on programs after the lowest one with a
/// counterexample. This is the tree-level cross-check
/// for lemmas proved on paths: the closure asks each render for `statefulPaths(rules:generation:)`.
package struct TransitionEnumerator: Sendable {
    /// The bounds (`steps` is ignored: a case is `renderCount` renders).
    package var bounds: Bounds
    /// Worker threads; one per core by default.
    package var workers: Int
    /// Renders per case: 2 for a transition, 3 for a view that leaves and comes back.
    package var renderCount: Int
    /// Updated after every program (cases count as states), for a progress display.
    package var progress: ExplorationProgress?
    /// Asked before each program and each first render: once it says yes, the walk stops where it
    /// is, and its results mean nothing (the caller must discard them). For a run's interrupt.
    package var isCancelled: (@Sendable () -> Bool)?

    /// An enumerator for `bounds`.
    package init(bounds: Bounds, workers: Int? = nil, renderCount: Int = 2) {
        self.bounds = bounds
        self.workers = workers ?? WorkerPool.defaultWorkers
        self.renderCount = max(1, renderCount)
    }

    /// Calls `body` on every case until it returns a counterexample.
    package func firstCounterexample<C: Sendable>(_ body: @escaping @Sendable (TransitionCase) -> C?) -> EnumerationResult<C> {
        firstCounterexample(start: { _ in () }, extend: { _, _ in () }, check: { _, transition in body(transition) })
    }

    /// Walks every case depth first, computing a state along each prefix once and sharing it among
    /// the cases that extend it: `start` makes the state before the first render, `extend` adds one
    /// render (`nil` skips every case through it), and `check` looks at a whole case.
    package func firstCounterexample<State, C: Sendable>(
        start: @escaping @Sendable (Program) -> State,
        extend: @escaping @Sendable (State, Render) -> State?,
        check: @escaping @Sendable (State, TransitionCase) -> C?
    ) -> EnumerationResult<C> {
        firstCounterexamples(checks: 1, start: start, extend: extend, check: { _, state, transition in check(state, transition) })[0]
    }

    /// `checks` checks over one walk of the cases: `check(i, state, case)` is check `i`. Each
    /// check's counterexample is the one a walk of it alone finds (the first case, in the walk's
    /// order, of the lowest-numbered program where it fails), and its `cases` are the cases a walk
    /// of it alone with one worker is handed (every case of the programs below its counterexample's,
    /// and those of that program up to it): the same with any number of workers, which may hand a
    /// check cases past its counterexample before they learn of it. The states along each prefix
    /// are computed once for all of them. A check stops being
    /// asked about a program's cases once it failed in a lower-numbered program, or earlier in
    /// this one; the walk stops when no check is left to ask.
    package func firstCounterexamples<State, C: Sendable>(
        checks: Int,
        start: @escaping @Sendable (Program) -> State,
        extend: @escaping @Sendable (State, Render) -> State?,
        check: @escaping @Sendable (Int, State, TransitionCase) -> C?
    ) -> [EnumerationResult<C>] {
        firstCounterexamples(checks: checks, start: start, extend: { state, render, _ in extend(state, render) }, check: check)
    }

    /// `firstCounterexamples` whose `extend` is also told the render's slot: within one program's
    /// cases, a render at one place in the sequence always comes with the same slot, and two
    /// renders at one place never share one, so that what depends only on a render and its place
    /// can be computed once per program (`start` is called once per program).
    package func firstCounterexamples<State, C: Sendable>(
        checks: Int,
        start: @escaping @Sendable (Program) -> State,
        extend: @escaping @Sendable (State, Render, _ slot: Int) -> State?,
        check: @escaping @Sendable (Int, State, TransitionCase) -> C?
    ) -> [EnumerationResult<C>] {
        let begin = Date()
        let enumerator = ProgramEnumerator(bounds: bounds)
        let programs = enumerator.programs()
        let allRenders: [Render]? = bounds.arbitraryRenders ? programs.flatMap(enumerator.renders(of:)) : nil
        let lowest = (0..<checks).map { _ in LowestIndex() }
        let queue = WorkQueue(count: programs.count)
        let renderCount = renderCount
        let progress = progress
        let isCancelled = isCancelled ?? { false }
        progress?.begin(programs: programs.count)
        let outcomes = WorkerPool.run(workers: workers) { _ -> (cases: [(index: Int, cases: [Int])], found: [(index: Int, counterexample: C)?]) in
            // Each program's cases per check, to count each check's cases up to its counterexample.
            var cases: [(index: Int, cases: [Int])] = []
            var earliest: [(index: Int, counterexample: C)?] = Array(repeating: nil, count: checks)
            let programs = enumerator.programs()
            while let chunk = queue.take() {
                for index in chunk {
                    // The checks still asked about this program, and whether any lower one failed.
                    var active = (0..<checks).filter { !lowest[$0].isBelow(index) }
                    if active.isEmpty || isCancelled() { return (cases, earliest) }
                    let program = programs[index]
                    let renders = enumerator.renders(of: program)
                    let later = allRenders ?? renders
                    var sequence: [Render] = []
                    var programCases = Array(repeating: 0, count: checks)
                    func visit(_ state: State) -> Bool {
                        if sequence.count == renderCount {
                            active.removeAll { which in
                                programCases[which] += 1
                                guard let found = check(which, state, TransitionCase(program: program, renders: sequence)) else { return false }
                                lowest[which].record(index)
                                earliest[which] = (index, found)
                                return true
                            }
                            return active.isEmpty
                        }
                        for (slot, render) in (sequence.isEmpty ? renders : later).enumerated() {
                            if active.allSatisfy({ lowest[$0].isBelow(index) }) || (sequence.isEmpty && isCancelled()) { return true }
                            guard let next = extend(state, render, slot) else { continue }
                            sequence.append(render)
                            defer { sequence.removeLast() }
                            if visit(next) { return true }
                        }
                        return false
                    }
                    _ = visit(start(program))
                    cases.append((index, programCases))
                    progress?.add(programs: 1, states: programCases.reduce(0, +))
                }
            }
            return (cases, earliest)
        }
        let seconds = Date().timeIntervalSince(begin)
        return (0..<checks).map { which in
            let first = outcomes.compactMap { $0.found[which] }.min { $0.index < $1.index }
            // Every program up to the counterexample's was walked whole for this check (or to the
            // counterexample in its own): the count does not depend on the workers' timing.
            let last = first?.index ?? Int.max
            let cases = outcomes.lazy.flatMap(\.cases).filter { $0.index <= last }.map { $0.cases[which] }.reduce(0, +)
            return EnumerationResult(counterexample: first?.counterexample, programs: programs.count, cases: cases, seconds: seconds)
        }
    }
}
