import IdentityModel
import ModelChecker
import XCTest

/// The tree-level cross-check gives the same counterexample for any number of workers: the one of
/// the lowest-numbered program that has one.
final class DeterminismTests: XCTestCase {
    func testTheCounterexampleDoesNotDependOnTheWorkers() {
        let bounds = Bounds(depth: 3, branching: 2, viewTypes: 2, modifierTypes: 2, keyValues: 2)
        // Many programs violate it, the first of them far from the first chunk of work, so that
        // workers race for it.
        func firstOver(workers: Int) -> String? {
            let enumerator = TransitionEnumerator(bounds: bounds, workers: workers)
            let result = enumerator.firstCounterexample { transition -> String? in
                let paths = transition.after.statefulPaths(rules: .runtime, generation: 2)
                let wanted = paths.count >= 2 && "\(transition.program)".contains("ForEach") && "\(transition.program)".contains("AnyView")
                return wanted ? "\(transition.program)|\(transition.renders)" : nil
            }
            return result.counterexample
        }
        let single = firstOver(workers: 1)
        let programs = ProgramEnumerator(bounds: bounds).programs().map { "\($0)" }
        let index = try? XCTUnwrap(programs.firstIndex { single?.hasPrefix($0 + "|") ?? false })
        XCTAssertGreaterThan(index ?? 0, 64, "the first violating program should lie beyond the first chunks")
        for workers in [2, 3, 4, 8] {
            for _ in 0..<3 { XCTAssertEqual(firstOver(workers: workers), single, "\(workers) workers") }
        }
    }

    func testWorkerPoolMapKeepsTheOrder() {
        let items = Array(0..<1_000)
        XCTAssertEqual(WorkerPool.map(items, workers: 4) { $0 * $0 }, items.map { $0 * $0 })
        XCTAssertEqual(WorkerPool.map([Int](), workers: 4) { $0 }, [])
    }
}
