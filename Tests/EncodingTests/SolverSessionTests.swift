import Dispatch
import Synchronization
import XCTest
import Z3Kit

@testable import Encoding

/// The one seam to Z3: budgets in resource units, balanced scopes, and a session retired after an
/// interrupt.
final class SolverSessionTests: XCTestCase {
    /// `x * x * x + y * y * y == z * z * z` over positive integers: Z3's nonlinear search does not
    /// end by itself (Fermat's case n = 3 has no solution, which Z3 cannot show).
    private func hardSession(_ budget: SolverBudget = .standard) throws -> SolverSession {
        let session = try SolverSession(budget: budget)
        let context = session.context
        let x = context.const("x", context.intSort), y = context.const("y", context.intSort)
        let z = context.const("z", context.intSort)
        let one = context.int(1)
        session.assert([x.ge(one), y.ge(one), z.ge(one)])
        session.assert((x * x * x + y * y * y).eq(z * z * z))
        return session
    }

    func testResourceLimitStopsTheCheckAndSaysSo() throws {
        let session = try hardSession(SolverBudget(resourceLimit: 100_000, milliseconds: 60_000))
        guard case .unknown(let reason) = try session.check() else { return XCTFail("expected unknown") }
        guard case .resourceLimit(let units, _) = reason else { return XCTFail("expected the resource limit, got \(reason)") }
        XCTAssertEqual(units, 100_000)
        XCTAssertEqual(reason.code, "resource-limit")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(session.lastResourceCount), 100_000)
        XCTAssertNil(session.retiredReason, "a budget that ran out is not an interrupt")
    }

    func testTimeLimitStopsTheCheckAndSaysSo() throws {
        let session = try hardSession(SolverBudget(resourceLimit: 4_000_000_000, milliseconds: 200))
        // The backstop far behind, so that the time limit is what stops the check.
        guard case .unknown(let reason) = try session.check(backstopMilliseconds: 60_000) else { return XCTFail("expected unknown") }
        guard case .timeLimit(let milliseconds, _) = reason else { return XCTFail("expected the time limit, got \(reason)") }
        XCTAssertEqual(milliseconds, 200)
        XCTAssertEqual(reason.code, "time-limit")
        // Z3Kit keeps the time limit by interrupting: the solver is spent (Z3 4.8.12 can crash
        // popping it), so the session answers every later check as this one stopped.
        XCTAssertEqual(session.retiredReason, reason)
        guard case .unknown(let again) = try session.withScope({ try session.check() }) else { return XCTFail("expected unknown") }
        XCTAssertEqual(again, reason)
    }

    func testResourceCountsAreTheSameEveryTime() throws {
        let budget = SolverBudget(resourceLimit: 100_000, milliseconds: 60_000)
        let counts = try (0..<2).map { _ -> Int? in
            let session = try hardSession(budget)
            _ = try session.check()
            return session.lastResourceCount
        }
        XCTAssertEqual(counts[0], counts[1])
    }

    func testBackstopRetiresTheSession() throws {
        let session = try hardSession(SolverBudget(resourceLimit: 4_000_000_000, milliseconds: 60_000))
        guard case .unknown(let reason) = try session.check(backstopMilliseconds: 200) else { return XCTFail("expected unknown") }
        XCTAssertEqual(reason, .backstop)
        XCTAssertEqual(reason.code, "backstop")
        XCTAssertEqual(session.retiredReason, reason)
        let countAfterInterrupt = session.lastResourceCount
        // A retired session answers without running: no resources spent, the same reason.
        guard case .unknown(let again) = try session.check() else { return XCTFail("expected unknown") }
        XCTAssertEqual(again, reason)
        XCTAssertEqual(session.lastResourceCount, countAfterInterrupt)
    }

    /// A run's cancellation interrupts its running check and stops its later sessions before they
    /// run; a session of another run answers as if nothing happened (issue 21: cancellation was
    /// final for the whole process).
    func testACancelledRunStopsItsSessionsAndNoOthers() throws {
        let run = Cancellation(), other = Cancellation()
        let budget = SolverBudget(resourceLimit: 4_000_000_000, milliseconds: 60_000, cancellation: run)
        let session = try hardSession(budget)
        let answer = Mutex<SolverStop?>(nil)
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let running = session
        DispatchQueue.global().async {
            if case .unknown(let stop)? = try? running.check() { answer.withLock { $0 = stop } }
            answered.signal()
        }
        run.cancel()
        XCTAssertEqual(answered.wait(timeout: .now() + 50), .success, "the cancelled check went on")
        XCTAssertEqual(answer.withLock { $0 }, .interrupted)
        XCTAssertEqual(session.retiredReason, .interrupted)

        let late = try hardSession(budget)
        guard case .unknown(let stop) = try late.check() else { return XCTFail("a cancelled run's new session checked") }
        XCTAssertEqual(stop, .interrupted)
        XCTAssertNil(late.lastResourceCount, "it ran")

        let unrelated = try SolverSession(budget: SolverBudget(resourceLimit: 1_000_000, milliseconds: 10_000, cancellation: other))
        let flag = unrelated.context.const("flag", unrelated.context.boolSort)
        unrelated.assert(flag)
        guard case .sat = try unrelated.check() else { return XCTFail("another run's session was stopped") }
    }

    func testScopesBalanceWhenTheBodyThrows() throws {
        let session = try SolverSession()
        let context = session.context
        let flag = context.const("flag", context.boolSort)
        struct Thrown: Error {}
        XCTAssertThrowsError(try session.withScope {
            session.assert(flag)
            session.assert(flag.not())
            throw Thrown()
        })
        guard case .sat = try session.check() else { return XCTFail("the scope's contradiction outlived it") }
    }

    /// A release build ends Swift's lifetimes earlier than a debug one; Z3 reuses a released term's
    /// number, so only a session that keeps its terms until it ends finds the same models in both.
    func testASessionKeepsItsTermsUntilItEnds() throws {
        XCTAssertEqual(try SolverSession().context.retention, .untilContextEnds)
    }

    func testFractionDividesTheResourcesAndKeepsTheBackstop() {
        let part = SolverBudget(resourceLimit: 30_000_000, milliseconds: 60_000).fraction(10)
        XCTAssertEqual(part, SolverBudget(resourceLimit: 3_000_000, milliseconds: 60_000))
        XCTAssertEqual(SolverBudget(resourceLimit: 5, milliseconds: 5).fraction(10), SolverBudget(resourceLimit: 1, milliseconds: 5))
    }
}
