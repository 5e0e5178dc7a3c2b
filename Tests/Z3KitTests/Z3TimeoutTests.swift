import XCTest
@testable import Z3Kit

/// Queries that make Z3 loop come back `.unknown`, said by the limit that stopped them, and interrupts
/// never leak into later checks. No wall-clock thresholds: a check that ignored its limit would hang
/// the test, and the reason tells which limit acted. The limits are short: the queries never end,
/// so any limit is reached, and each millisecond of one is a millisecond of the fast tier.
final class Z3TimeoutTests: XCTestCase {
    /// `∃l. len(l) < 0` over the recursive list: Z3 unfolds `len` forever (it does not do induction).
    private func loopingSolver(_ ctx: Z3Context) throws -> Z3Solver {
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        solver.assert(ctx.exists([l], fixture.len(l) < 0))
        return solver
    }

    func testLoopingQueryTimesOut() throws {
        let ctx = try Z3Context()
        let solver = try loopingSolver(ctx)
        let result = try solver.check(timeoutMilliseconds: 200)
        let reason = try expectUnknown(result)
        XCTAssertTrue(["timeout", "interrupted"].contains(reason), reason)
    }

    func testSimpleSolverTimesOutToo() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx, kind: .simple)
        solver.assert(fixture.len(l) < 0)
        let result = try solver.check(timeoutMilliseconds: 200)
        let reason = try expectUnknown(result)
        XCTAssertTrue(["timeout", "canceled"].contains(reason), reason)
    }

    func testContextDefaultTimeoutApplies() throws {
        let ctx = try Z3Context(timeoutMilliseconds: 200)
        let solver = try loopingSolver(ctx)
        let result = try solver.check()
        XCTAssertEqual(try expectUnknown(result), "timeout")
    }

    /// Time limits expiring one after another in one context: each stop says "timeout", is not an
    /// interrupt, and the next check runs. With Z3's own `timeout` parameter, whose timer pool in
    /// 4.8.12 can deadlock after a timer expired (Z3 pull request 5371), a run of the fast tier
    /// once hung here with no processor time; the watchdog keeps the limit now, and Z3's timer is
    /// never started. The watchdog's interrupt spends the solver it stopped (`spentReason`: Z3
    /// 4.8.12 crashed popping such a solver): it answers "timeout" again without running, and
    /// its scopes keep their books without touching Z3.
    func testTimeLimitsInARowStopEachCheckAndSpendEachSolver() throws {
        let ctx = try Z3Context()
        for _ in 0..<40 {
            let solver = try loopingSolver(ctx)
            XCTAssertEqual(try expectUnknown(solver.check(timeoutMilliseconds: 5)), "timeout")
            XCTAssertFalse(solver.lastCheckInterrupted)
            XCTAssertEqual(solver.spentReason, "timeout")
        }
        let x = ctx.const("x", ctx.intSort)
        let spent = try loopingSolver(ctx)
        XCTAssertEqual(try expectUnknown(spent.check(timeoutMilliseconds: 5)), "timeout")
        try spent.withScope {
            spent.assert(x > 2)
            XCTAssertEqual(try expectUnknown(spent.check(timeoutMilliseconds: 5_000)), "timeout")
        }
        XCTAssertThrowsError(try spent.pop(), "the books still balance: there is no scope left to pop")
        let other = try Z3Solver(ctx)
        other.assert(x > 2)
        XCTAssertGreaterThan(try expectSat(other.check(timeoutMilliseconds: 5_000)).int(of: x), 2)
        XCTAssertNil(other.spentReason)
    }

    /// A watchdog that fired before the check began (a loaded machine can delay a check past a
    /// short limit) still stops it: Z3 drops an interrupt that comes while no check runs, so the
    /// watchdog interrupts again until it is disarmed. Before, a fast-tier run hung in the test
    /// above, in Z3, with a 5 ms limit; here a lost interrupt would leave the check to its own
    /// limit, which says "timeout".
    func testAWatchdogThatFiredBeforeTheCheckStillStopsIt() throws {
        let ctx = try Z3Context()
        let solver = try loopingSolver(ctx)
        let watchdog = Z3Watchdog(context: ctx.raw, milliseconds: 1)
        while !watchdog.hasFired { sched_yield() }
        let result = try solver.check(timeoutMilliseconds: 30_000)
        XCTAssertTrue(watchdog.disarm())
        XCTAssertEqual(try expectUnknown(result), "interrupted")
        XCTAssertFalse(solver.lastCheckInterrupted, "another watchdog's interrupt is not this check's backstop")
    }

    func testWatchdogInterruptsAndDoesNotAffectLaterChecks() throws {
        let ctx = try Z3Context()
        let solver = try loopingSolver(ctx)
        // A watchdog alone (the check's own limit is far away) stops the loop: the backstop works.
        let watchdog = Z3Watchdog(context: ctx.raw, milliseconds: 300)
        let result = try solver.check(timeoutMilliseconds: 60_000)
        XCTAssertTrue(watchdog.disarm(), "the watchdog says it fired")
        XCTAssertFalse(solver.lastCheckInterrupted, "another watchdog's interrupt is not this check's backstop")
        XCTAssertEqual(try expectUnknown(result), "interrupted")

        // The next check is not canceled by the earlier interrupt.
        let x = ctx.const("x", ctx.intSort)
        let other = try Z3Solver(ctx)
        other.assert(x > 2)
        XCTAssertGreaterThan(try expectSat(other.check()).int(of: x), 2)
    }

    func testDisarmedWatchdogNeverFires() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let quick = try Z3Solver(ctx)
        quick.assert(x > 2)
        // Its watchdog would fire 100 + 500 ms from now if the check left it armed.
        _ = try expectSat(quick.check(timeoutMilliseconds: 100))
        let solver = try loopingSolver(ctx)
        let result = try solver.check(timeoutMilliseconds: 1200)
        XCTAssertEqual(try expectUnknown(result), "timeout")
        XCTAssertFalse(solver.lastCheckInterrupted)
    }

    /// A cancellation that lands after the check's look at it and before Z3 starts its search is
    /// not lost: Z3 4.8.12 forgets an interrupt sent then, so the watchdog interrupts again on each
    /// tick. `run` is the check past that look, and the run is cancelled before it: the one
    /// interrupt `cancel()` sends reaches no running check. Without the repeat the check spends
    /// its whole resource limit (and still says `interrupted`, so the count is what tells).
    func testACancellationBeforeZ3StartsStillStopsTheCheck() throws {
        let cancellation = Z3Cancellation()
        let ctx = try Z3Context(cancellation: cancellation)
        let solver = try loopingSolver(ctx)
        let limit = 10_000_000
        cancellation.cancel()
        let result = try solver.run(
            assumptions: [], timeoutMilliseconds: 600_000, resourceLimit: limit, backstopMilliseconds: nil)
        XCTAssertEqual(try expectUnknown(result), Z3Cancellation.reason)
        XCTAssertTrue(solver.lastCheckInterrupted)
        let used = try XCTUnwrap(solver.lastCheckResourceCount)
        print("Z3TimeoutTests: the cancelled check used \(used) of \(limit) resource units")
        XCTAssertLessThan(used, limit / 10)
    }

    func testBackstopInterruptsAndSaysSo() throws {
        let ctx = try Z3Context()
        let solver = try loopingSolver(ctx)
        let result = try solver.check(timeoutMilliseconds: 60_000, backstopMilliseconds: 200)
        XCTAssertEqual(try expectUnknown(result), "interrupted")
        XCTAssertTrue(solver.lastCheckInterrupted)
    }
}
