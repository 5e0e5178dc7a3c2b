import IdentityModel
import ModelChecker
import XCTest

/// A walk's case limit (`TransitionEnumerator.budget`): a check is handed at most the first
/// `budget.cases` cases in the walk's order; past them it stops with `CheckerStop.caseLimit`, never
/// as if it had looked at everything; a counterexample among those cases is still found; and
/// neither answer nor count depends on the workers.
final class WalkBudgetTests: XCTestCase {
    private let bounds = Bounds(depth: 3, branching: 2, viewTypes: 2, modifierTypes: 2, keyValues: 2)

    /// A check that fails late (the walk's order puts `ForEach` and `AnyView` together well after
    /// its start), one that never fails, and one that fails at the first case.
    private let checks: [@Sendable (TransitionCase) -> String?] = [
        { transition in
            let wanted = "\(transition.program)".contains("ForEach") && "\(transition.program)".contains("AnyView")
                && transition.after.statefulPaths(rules: .runtime, generation: 2).count >= 2
            return wanted ? "\(transition.program)|\(transition.renders)" : nil
        },
        { _ in nil },
        { "\($0.program)|\($0.renders)" },
    ]

    private func walk(_ budget: WalkBudget, workers: Int) -> [EnumerationResult<String>] {
        let checks = checks
        var enumerator = TransitionEnumerator(bounds: bounds, workers: workers)
        enumerator.budget = budget
        return enumerator.firstCounterexamples(
            checks: checks.count, start: { _ in () }, extend: { _, _ in () }, check: { which, _, transition in checks[which](transition) })
    }

    func testABudgetOfEveryCaseChangesNothingAndOneLessStopsTheWalkSayingSo() {
        let unlimited = walk(.unlimited, workers: 1)
        let late = unlimited[0], never = unlimited[1]
        XCTAssertNotNil(late.counterexample)
        XCTAssertGreaterThan(late.cases, 100, "the late check's counterexample is past many cases")
        XCTAssertNil(never.stop)

        // Exactly the cases up to the counterexample: still refuted, the same counterexample.
        let enough = walk(WalkBudget(cases: late.cases), workers: 1)[0]
        XCTAssertEqual(enough.counterexample, late.counterexample)
        XCTAssertEqual(enough.cases, late.cases)
        XCTAssertNil(enough.stop)
        // One case short of it: no counterexample, and the walk says where it stopped.
        let short = walk(WalkBudget(cases: late.cases - 1), workers: 1)[0]
        XCTAssertNil(short.counterexample)
        XCTAssertEqual(short.stop, .caseLimit(limit: late.cases - 1))
        XCTAssertEqual(short.cases, late.cases - 1)

        // A check that never fails: every case is within a budget of all of them, one less is not.
        XCTAssertNil(walk(WalkBudget(cases: never.cases), workers: 1)[1].stop)
        XCTAssertEqual(walk(WalkBudget(cases: never.cases), workers: 1)[1].cases, never.cases)
        XCTAssertEqual(walk(WalkBudget(cases: never.cases - 1), workers: 1)[1].stop, .caseLimit(limit: never.cases - 1))
    }

    /// A counterexample at the first case is found under the smallest budget, beside checks the
    /// budget stops.
    func testAnEarlyCounterexampleSurvivesATinyBudget() {
        let tiny = walk(WalkBudget(cases: 1), workers: 3)
        XCTAssertNotNil(tiny[2].counterexample)
        XCTAssertEqual(tiny[2].cases, 1)
        XCTAssertEqual(tiny[0].stop, .caseLimit(limit: 1))
        XCTAssertEqual(tiny[1].stop, .caseLimit(limit: 1))
        XCTAssertNil(tiny[0].counterexample)
    }

    /// Whichever workers walked which programs, a budget gives the answer and the count of a
    /// one-worker walk: the cases within it are all examined, and what lies past it never counts.
    func testTheAnswerUnderABudgetDoesNotDependOnTheWorkers() {
        let late = walk(.unlimited, workers: 1)[0].cases
        for cases in [1, 7, late / 2, late - 1, late, late + 1, 40_000] {
            let single = walk(WalkBudget(cases: cases), workers: 1)
            for workers in [2, 4] {
                let parallel = walk(WalkBudget(cases: cases), workers: workers)
                XCTAssertEqual(parallel.map(\.counterexample), single.map(\.counterexample), "\(cases) cases, \(workers) workers")
                XCTAssertEqual(parallel.map(\.stop), single.map(\.stop), "\(cases) cases, \(workers) workers")
                XCTAssertEqual(parallel.map(\.cases), single.map(\.cases), "\(cases) cases, \(workers) workers")
            }
        }
    }

    /// Checks sharing a walk get, under a budget, what each gets from a walk of its own under it.
    func testUnderABudgetEachCheckOfASharedWalkGetsWhatItsOwnWalkGets() {
        let late = walk(.unlimited, workers: 1)[0].cases
        for cases in [1, late / 3, late - 1, late] {
            let shared = walk(WalkBudget(cases: cases), workers: 3)
            for (index, check) in checks.enumerated() {
                var enumerator = TransitionEnumerator(bounds: bounds, workers: 2)
                enumerator.budget = WalkBudget(cases: cases)
                let own = enumerator.firstCounterexample(check)
                XCTAssertEqual(own.counterexample, shared[index].counterexample, "check \(index), \(cases) cases")
                XCTAssertEqual(own.stop, shared[index].stop, "check \(index), \(cases) cases")
                XCTAssertEqual(own.cases, shared[index].cases, "check \(index), \(cases) cases")
            }
        }
    }

    /// The backstop: a walk whose clock has run out before it starts examines nothing past the
    /// first look and says it was the clock, not the case limit.
    func testAnElapsedBackstopStopsTheWalkWithTheTimeLimit() {
        let stopped = walk(WalkBudget(cases: .max, seconds: 0), workers: 2)
        XCTAssertEqual(stopped[1].stop?.code, "checker-time-limit")
        XCTAssertNil(stopped[1].counterexample)
        XCTAssertLessThan(stopped[1].cases, walk(.unlimited, workers: 1)[1].cases)
    }
}
