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
    /// Why the walk stopped before its last case (its budget ran out), `nil` when it did not: then
    /// `counterexample` is `nil` and `cases` are the ones examined, the first in the walk's order.
    package var stop: CheckerStop? = nil
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
    /// How far the walk may go: a check is handed at most `budget.cases` cases, the first in the
    /// walk's order (the same with any number of workers); past them it stops and says so.
    package var budget = WalkBudget.unlimited

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
        firstCounterexamples(
            checks: checks, start: start, extend: extend, fails: { check($0, $1, $2) != nil },
            counterexample: { which, state, transition in
                guard let found = check(which, state, transition) else { preconditionFailure("check \(which) passed a case it failed") }
                return found
            })
    }

    /// `firstCounterexamples` with each check in two parts: `fails(i, state, case)`, asked of every
    /// case, says whether the case fails check `i`, and `counterexample(i, state, case)`, asked
    /// once of a case that fails, gives its counterexample. The walk holds no optional of `C` per
    /// case: it runs unspecialized (its callers are in other modules), where every such optional
    /// looks its type's metadata up again.
    package func firstCounterexamples<State, C: Sendable>(
        checks: Int,
        start: @escaping @Sendable (Program) -> State,
        extend: @escaping @Sendable (State, Render, _ slot: Int) -> State?,
        fails: @escaping @Sendable (Int, State, TransitionCase) -> Bool,
        counterexample: @escaping @Sendable (Int, State, TransitionCase) -> C
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
        let limit = budget.cases
        let deadline = budget.seconds.map { begin.addingTimeInterval($0) }
        let ledger = CaseLedger(programs: programs.count)
        progress?.begin(programs: programs.count)
        typealias Walked = (index: Int, cases: [Int], complete: Bool)
        let outcomes = WorkerPool.run(workers: workers) { _ -> (cases: [Walked], found: [(index: Int, counterexample: C)?]) in
            // Each program's cases per check, to count each check's cases up to its counterexample.
            var cases: [Walked] = []
            var earliest: [(index: Int, counterexample: C)?] = Array(repeating: nil, count: checks)
            let programs = enumerator.programs()
            while let chunk = queue.take() {
                for index in chunk {
                    // The checks still asked about this program, and whether any lower one failed.
                    var active = (0..<checks).filter { !lowest[$0].isBelow(index) }
                    if active.isEmpty || isCancelled() { return (cases, earliest) }
                    if ledger.isTimedOut || deadline.map({ Date() > $0 }) == true {
                        ledger.timeOut()
                        return (cases, earliest)
                    }
                    // A lower bound on the cases before this program's in the walk's order: past the
                    // budget, so is every case of this program and of the later ones.
                    var before = ledger.examined(below: index)
                    if before > limit { return (cases, earliest) }
                    let program = programs[index]
                    let renders = enumerator.renders(of: program)
                    let later = allRenders ?? renders
                    var sequence: [Render] = []
                    var programCases = Array(repeating: 0, count: checks)
                    var walked = 0
                    var steps = 0
                    func visit(_ state: State) -> WalkStep {
                        steps += 1
                        if steps & 1023 == 0 {
                            ledger.record(walked, program: index)
                            before = ledger.examined(below: index)
                            if ledger.isTimedOut || deadline.map({ Date() > $0 }) == true {
                                ledger.timeOut()
                                return .cut
                            }
                        }
                        if sequence.count == renderCount {
                            // This case is past the budget in the walk's order.
                            if before + walked >= limit { return .cut }
                            walked += 1
                            active.removeAll { which in
                                programCases[which] += 1
                                let transition = TransitionCase(program: program, renders: sequence)
                                guard fails(which, state, transition) else { return false }
                                lowest[which].record(index)
                                earliest[which] = (index, counterexample(which, state, transition))
                                return true
                            }
                            return active.isEmpty ? .done : .more
                        }
                        for (slot, render) in (sequence.isEmpty ? renders : later).enumerated() {
                            if active.allSatisfy({ lowest[$0].isBelow(index) }) || (sequence.isEmpty && isCancelled()) { return .done }
                            guard let next = extend(state, render, slot) else { continue }
                            sequence.append(render)
                            defer { sequence.removeLast() }
                            let visited = visit(next)
                            if visited != .more { return visited }
                        }
                        return .more
                    }
                    let cut = visit(start(program)) == .cut
                    ledger.record(walked, program: index)
                    cases.append((index, programCases, !cut))
                    progress?.add(programs: 1, states: programCases.reduce(0, +))
                    // Every later program's cases come after this one's, past the budget too.
                    if cut { return (cases, earliest) }
                }
            }
            return (cases, earliest)
        }
        let seconds = Date().timeIntervalSince(begin)
        let walked = Dictionary(outcomes.flatMap(\.cases).map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        return (0..<checks).map { which in
            let first = outcomes.compactMap { $0.found[which] }.min { $0.index < $1.index }
            // The programs in their order, as a walk of this check alone with one worker takes them:
            // every program up to the counterexample's was walked whole for this check (or to the
            // counterexample in its own), so neither the count nor the answer depends on the workers' timing.
            var cases = 0
            for index in 0..<programs.count {
                guard let program = walked[index], program.complete || first?.index == index else {
                    let stop: CheckerStop = ledger.isTimedOut && cases <= limit
                        ? .timeLimit(seconds: budget.seconds ?? seconds, examined: cases) : .caseLimit(limit: limit)
                    return EnumerationResult(counterexample: nil, programs: programs.count, cases: stop.examined, seconds: seconds, stop: stop)
                }
                cases += program.cases[which]
                guard cases <= limit else {
                    return EnumerationResult(counterexample: nil, programs: programs.count, cases: limit, seconds: seconds, stop: .caseLimit(limit: limit))
                }
                if let first, first.index == index {
                    return EnumerationResult(counterexample: first.counterexample, programs: programs.count, cases: cases, seconds: seconds)
                }
            }
            return EnumerationResult(counterexample: nil, programs: programs.count, cases: cases, seconds: seconds)
        }
    }
}

/// What a step of a program's walk says: go on (`more`), stop because no check is left to ask
/// (`done`), or stop at the budget with the program unfinished (`cut`).
private enum WalkStep { case more, done, cut }
