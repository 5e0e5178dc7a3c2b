import Dispatch
import XCTest
@testable import Z3Kit

/// Queries that make Z3 loop come back `.unknown` in time, and interrupts never leak into later checks.
final class Z3TimeoutTests: XCTestCase {
    /// `∃l. len(l) < 0` over the recursive list: Z3 unfolds `len` forever (it does not do induction).
    private func loopingSolver(_ ctx: Z3Context) throws -> Z3Solver {
        let fixture = try IntListFixture(ctx)
        let l = try ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        try solver.assert(ctx.exists([l], fixture.len(l) < 0))
        return solver
    }

    private func timed<T>(_ body: () throws -> T) rethrows -> (T, TimeInterval) {
        let start = DispatchTime.now()
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }

    func testLoopingQueryTimesOut() throws {
        let ctx = try Z3Context()
        let solver = try loopingSolver(ctx)
        let (result, elapsed) = try timed { try solver.check(timeoutMilliseconds: 1000) }
        let reason = try expectUnknown(result)
        XCTAssertTrue(["timeout", "interrupted"].contains(reason), reason)
        XCTAssertGreaterThan(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 3)
    }

    func testSimpleSolverTimesOutToo() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let l = try ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx, kind: .simple)
        try solver.assert(fixture.len(l) < 0)
        let (result, elapsed) = try timed { try solver.check(timeoutMilliseconds: 500) }
        let reason = try expectUnknown(result)
        XCTAssertTrue(["timeout", "canceled"].contains(reason), reason)
        XCTAssertLessThan(elapsed, 2)
    }

    func testContextDefaultTimeoutApplies() throws {
        let ctx = try Z3Context(timeoutMilliseconds: 500)
        let solver = try loopingSolver(ctx)
        let (result, elapsed) = try timed { try solver.check() }
        XCTAssertEqual(try expectUnknown(result), "timeout")
        XCTAssertLessThan(elapsed, 2)
    }

    func testWatchdogInterruptsAndDoesNotAffectLaterChecks() throws {
        let ctx = try Z3Context()
        let solver = try loopingSolver(ctx)
        // A watchdog alone (the check's own limit is far away) stops the loop: the backstop works.
        let watchdog = Z3Watchdog(context: ctx.raw, milliseconds: 300)
        let (result, elapsed) = try timed { try solver.check(timeoutMilliseconds: 60_000) }
        watchdog.disarm()
        XCTAssertEqual(try expectUnknown(result), "interrupted")
        XCTAssertLessThan(elapsed, 2)

        // The next check is not canceled by the earlier interrupt.
        let x = try ctx.const("x", ctx.intSort)
        let other = try Z3Solver(ctx)
        try other.assert(x > 2)
        XCTAssertGreaterThan(try expectSat(other.check()).int(of: x), 2)
    }

    func testDisarmedWatchdogNeverFires() throws {
        let ctx = try Z3Context()
        let x = try ctx.const("x", ctx.intSort)
        let quick = try Z3Solver(ctx)
        try quick.assert(x > 2)
        // Its watchdog would fire 100 + 500 ms from now if the check left it armed.
        _ = try expectSat(quick.check(timeoutMilliseconds: 100))
        let solver = try loopingSolver(ctx)
        let (result, elapsed) = try timed { try solver.check(timeoutMilliseconds: 1200) }
        XCTAssertEqual(try expectUnknown(result), "timeout")
        XCTAssertGreaterThan(elapsed, 1.1)
    }
}
