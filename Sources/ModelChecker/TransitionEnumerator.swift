import Foundation
import IdentityModel

/// One (program, before render, after render) triple within bounds.
public struct TransitionCase: Sendable {
    /// The program `before` renders (with arbitrary renders, `after` may render another program).
    public var program: Program
    /// The first render.
    public var before: Render
    /// The next render.
    public var after: Render
}

/// What a `TransitionEnumerator` run saw.
public struct EnumerationResult<Counterexample: Sendable>: Sendable {
    /// The first counterexample a closure returned, or `nil` if none did.
    public var counterexample: Counterexample?
    /// Programs enumerated.
    public var programs: Int
    /// Triples passed to the closure.
    public var cases: Int
    /// Wall-clock seconds.
    public var seconds: Double
}

/// Enumerates every (program, before, after) within bounds and hands each to a closure, on all
/// cores, stopping early once a closure returns a counterexample. This is the tree-level cross-check
/// for lemmas proved on paths: the closure asks each render for `statefulPaths(rules:generation:)`.
public struct TransitionEnumerator: Sendable {
    /// The bounds (`steps` is ignored: a case is one transition).
    public var bounds: Bounds
    /// Worker threads; one per core by default.
    public var workers: Int

    /// An enumerator for `bounds`.
    public init(bounds: Bounds, workers: Int? = nil) {
        self.bounds = bounds
        self.workers = workers ?? WorkerPool.defaultWorkers
    }

    /// Calls `body` on every case until it returns a counterexample.
    public func firstCounterexample<C: Sendable>(_ body: @escaping @Sendable (TransitionCase) -> C?) -> EnumerationResult<C> {
        let start = Date()
        let enumerator = ProgramEnumerator(bounds: bounds)
        let programs = enumerator.programs()
        let allRenders: [Render]? = bounds.arbitraryRenders ? programs.flatMap(enumerator.renders(of:)) : nil
        let stop = StopFlag()
        let queue = WorkQueue(count: programs.count)
        let outcomes = WorkerPool.run(workers: workers) { _ -> (Int, C?) in
            var cases = 0
            let programs = enumerator.programs()
            while let chunk = queue.take() {
                for index in chunk {
                    let renders = enumerator.renders(of: programs[index])
                    for before in renders {
                        if stop.isRaised { return (cases, nil) }
                        for after in allRenders ?? renders {
                            cases += 1
                            if let found = body(TransitionCase(program: programs[index], before: before, after: after)) {
                                stop.raise()
                                return (cases, found)
                            }
                        }
                    }
                }
            }
            return (cases, nil)
        }
        return EnumerationResult(
            counterexample: outcomes.lazy.compactMap(\.1).first, programs: programs.count,
            cases: outcomes.map(\.0).reduce(0, +), seconds: Date().timeIntervalSince(start))
    }
}
