import IdentityModel
import ModelChecker
import XCTest

/// Several checks over one walk (`firstCounterexamples`) find, each, what a walk of it alone finds:
/// the same counterexample for any number of workers, and with one worker the same cases.
final class SharedWalkTests: XCTestCase {
    private let bounds = Bounds(depth: 3, branching: 2, viewTypes: 2, modifierTypes: 2, keyValues: 2)

    /// Checks that fail early, late, in the same program as another, and never.
    private let checks: [@Sendable (TransitionCase) -> String?] = [
        { $0.after.statefulPaths(rules: .runtime, generation: 2).count >= 2 ? "\($0.program)|\($0.renders)" : nil },
        { transition in
            let paths = transition.after.statefulPaths(rules: .runtime, generation: 2)
            let wanted = paths.count >= 2 && "\(transition.program)".contains("ForEach") && "\(transition.program)".contains("AnyView")
            return wanted ? "\(transition.program)|\(transition.renders)" : nil
        },
        { "\($0.renders)" != "\([$0.before, $0.before])" ? "\($0.program)|\($0.renders)" : nil },
        { _ in nil },
        { "\($0.program)".contains("LazyVStack") ? "\($0.program)|\($0.renders)" : nil },
    ]

    private func alone(_ check: @escaping @Sendable (TransitionCase) -> String?, workers: Int) -> EnumerationResult<String> {
        TransitionEnumerator(bounds: bounds, workers: workers).firstCounterexample(check)
    }

    private func shared(workers: Int) -> [EnumerationResult<String>] {
        let checks = checks
        return TransitionEnumerator(bounds: bounds, workers: workers).firstCounterexamples(
            checks: checks.count, start: { _ in () }, extend: { _, _ in () }, check: { which, _, transition in checks[which](transition) })
    }

    func testEachCheckFindsWhatItsOwnWalkFindsWithTheSameCases() {
        let together = shared(workers: 1)
        XCTAssertEqual(together.count, checks.count)
        for (index, check) in checks.enumerated() {
            let own = alone(check, workers: 1)
            XCTAssertEqual(together[index].counterexample, own.counterexample, "check \(index)")
            XCTAssertEqual(together[index].cases, own.cases, "check \(index)")
        }
        XCTAssertNil(together[3].counterexample)
        XCTAssertNotNil(together[1].counterexample)
    }

    func testTheCounterexamplesDoNotDependOnTheWorkers() {
        let single = shared(workers: 1).map(\.counterexample)
        for workers in [2, 3, 8] {
            XCTAssertEqual(shared(workers: workers).map(\.counterexample), single, "\(workers) workers")
        }
    }

    /// Red team (FINDINGS 14): a refuted check's count of cases (in the run's messages, "checker:
    /// N transitions") is the count of one worker's walk, whatever the workers' timing.
    func testTheCasesDoNotDependOnTheWorkers() {
        let single = shared(workers: 1).map(\.cases)
        for workers in [2, 3, 8] {
            for _ in 0..<3 { XCTAssertEqual(shared(workers: workers).map(\.cases), single, "\(workers) workers") }
        }
        for (index, check) in checks.enumerated() {
            XCTAssertEqual(alone(check, workers: 4).cases, single[index], "check \(index) alone")
        }
    }

    /// Red team (FINDINGS 17): a run's interrupt stops a walk at once; the walk holds many lemmas.
    func testACancelledWalkStopsBeforeItsNextProgram() {
        let checked = Counter()
        var enumerator = TransitionEnumerator(bounds: bounds, workers: 2)
        enumerator.isCancelled = { checked.value >= 10 }
        let results = enumerator.firstCounterexamples(
            checks: 3, start: { _ in () }, extend: { _, _ in () }, check: { (_, _, _) -> String? in checked.add(); return nil })
        XCTAssertEqual(results.count, 3)
        XCTAssertLessThan(checked.value, 1000, "the walk went on after it was cancelled")
        let uncancelled = TransitionEnumerator(bounds: bounds, workers: 2).firstCounterexamples(
            checks: 1, start: { _ in () }, extend: { _, _ in () }, check: { (_, _, _) -> String? in nil })
        XCTAssertGreaterThan(uncancelled[0].cases, 10_000)
    }

    /// A check in two parts (`fails`, then `counterexample` of a failing case) finds what the same
    /// check in one part finds, for any number of workers, and builds no counterexample of a case
    /// that passes it (red team: a walk that asked `counterexample` of every case, or of the case
    /// after a failing one, would build them or report another case).
    func testACheckInTwoPartsBuildsOnlyTheCounterexamplesOfFailingCases() {
        let checks = checks
        for workers in [1, 3] {
            let built = Counter()
            let passing = Counter()
            let split = TransitionEnumerator(bounds: bounds, workers: workers).firstCounterexamples(
                checks: checks.count, start: { _ in () }, extend: { _, _, _ in () },
                fails: { which, _, transition in checks[which](transition) != nil },
                counterexample: { which, _, transition -> String in
                    built.add()
                    guard let found = checks[which](transition) else {
                        passing.add()
                        return "built for a passing case"
                    }
                    return found
                })
            XCTAssertEqual(split.map(\.counterexample), shared(workers: workers).map(\.counterexample), "\(workers) workers")
            XCTAssertEqual(split.map(\.cases), shared(workers: 1).map(\.cases), "\(workers) workers")
            XCTAssertEqual(passing.value, 0)
            XCTAssertGreaterThanOrEqual(built.value, split.compactMap(\.counterexample).count)
            XCTAssertLessThanOrEqual(built.value, workers * checks.count)
        }
    }

    func testAPrefixStateIsComputedOncePerPrefixForAllChecks() {
        let extensions = Counter()
        _ = TransitionEnumerator(bounds: bounds, workers: 1).firstCounterexamples(
            checks: 4, start: { _ in () }, extend: { _, _ in extensions.add() }, check: { (_, _, _) -> String? in nil })
        let alone = Counter()
        _ = TransitionEnumerator(bounds: bounds, workers: 1).firstCounterexamples(
            checks: 1, start: { _ in () }, extend: { _, _ in alone.add() }, check: { (_, _, _) -> String? in nil })
        XCTAssertEqual(extensions.value, alone.value)
        XCTAssertGreaterThan(alone.value, 0)
    }
}

/// A count shared with the walk's closures.
private final class Counter: @unchecked Sendable {
    // Safe to share: `count` is read and written only under `lock`.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}
