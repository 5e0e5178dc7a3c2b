import XCTest
import Z3Kit

final class Z3SolverTests: XCTestCase {
    func testBoolAndIntModel() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let y = ctx.const("y", ctx.intSort)
        let p = ctx.const("p", ctx.boolSort)
        let solver = try Z3Solver(ctx)
        solver.assert((x + y).eq(ctx.int(10)))
        solver.assert(x - y >= 4)
        solver.assert(x * 2 < 15)
        solver.assert(p.iff(x > y))
        solver.assert(ctx.distinct([x, y, ctx.int(0)]))
        let model = try expectSat(solver.check())
        let (vx, vy) = (try model.int(of: x), try model.int(of: y))
        XCTAssertEqual(vx + vy, 10)
        XCTAssertGreaterThanOrEqual(vx - vy, 4)
        XCTAssertLessThan(vx * 2, 15)
        XCTAssertEqual(vx, 7)
        XCTAssertEqual(vy, 3)
        XCTAssertEqual(try model.bool(of: p), true)
        XCTAssertEqual(try model.value(of: x + y), .int(10))
        XCTAssertTrue(model.description.contains("x -> 7"), model.description)
    }

    func testNegativeNumbersDivModIteAndImplication() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let solver = try Z3Solver(ctx)
        solver.assert(x.eq(-ctx.int(7)))
        let model = try expectSat(solver.check())
        XCTAssertEqual(try model.int(of: x), -7)
        XCTAssertEqual(try model.int(of: x.div(ctx.int(2))), -4)
        XCTAssertEqual(try model.int(of: x.mod(ctx.int(2))), 1)
        XCTAssertEqual(try model.int(of: ctx.ite(x < 0, then: ctx.int(1), else: ctx.int(2))), 1)
        XCTAssertEqual(try model.bool(of: (x > 0).implies(ctx.bool(false))), true)
        XCTAssertEqual(try model.bool(of: !(x.neq(ctx.int(-7)))), true)
        XCTAssertEqual(try model.bool(of: ctx.or([])), false)
        XCTAssertEqual(try model.bool(of: ctx.and([])), true)
    }

    func testUnsatAndPushPop() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let solver = try Z3Solver(ctx)
        solver.assert(x > 0)
        try solver.push()
        solver.assert(x < 0)
        XCTAssertEqual(try expectUnsat(solver.check()).count, 0)
        try solver.pop()
        XCTAssertEqual(try solver.assertions.count, 1)
        XCTAssertGreaterThan(try expectSat(solver.check()).int(of: x), 0)
        XCTAssertThrowsError(try solver.pop()) { error in
            XCTAssertEqual((error as! Z3Error).code, .invalidUsage)
        }
    }

    func testAssumptionsGiveTheExactCore() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let y = ctx.const("y", ctx.intSort)
        let (a, b, c) = (ctx.const("a", ctx.boolSort), ctx.const("b", ctx.boolSort), ctx.const("c", ctx.boolSort))
        let solver = try Z3Solver(ctx)
        solver.assert(a.implies(x > 5))
        solver.assert(b.implies(x < 3))
        solver.assert(c.implies(y.eq(ctx.int(1))))
        let core = try expectUnsat(solver.check(assumptions: [a, b, c]))
        XCTAssertEqual(Set(core.compactMap(\.name)), ["a", "b"])
        // Without the conflicting assumption the same solver is satisfiable.
        XCTAssertEqual(try expectSat(solver.check(assumptions: [a, c])).int(of: y), 1)
    }

    func testTrackedAssertionsGiveTheExactCore() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let y = ctx.const("y", ctx.intSort)
        let solver = try Z3Solver(ctx)
        solver.assert(x > 5, tracking: "big")
        solver.assert(y.eq(ctx.int(1)), tracking: "one")
        solver.assert(x < 3, tracking: "small")
        let core = try expectUnsat(solver.check())
        XCTAssertEqual(Set(core.compactMap(\.name)), ["big", "small"])
    }

    func testStatisticsAndResourceCount() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let solver = try Z3Solver(ctx)
        XCTAssertNil(solver.lastCheckResourceCount)
        solver.assert(x * x > 10)
        _ = try expectSat(solver.check())
        let first = try XCTUnwrap(solver.lastCheckResourceCount)
        XCTAssertGreaterThan(first, 0)
        let statistics = try solver.statistics()
        XCTAssertNotNil(statistics["rlimit count"])
        XCTAssertNotNil(statistics["memory"])
        // The count is per check, not cumulative.
        _ = try expectSat(solver.check())
        XCTAssertLessThan(try XCTUnwrap(solver.lastCheckResourceCount), first * 3)
    }

    func testResourceLimitGivesUnknown() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        solver.assert(fixture.len(l) < 0)
        let reason = try expectUnknown(solver.check(resourceLimit: 20_000))
        // Z3 4.8.12 reports an exhausted rlimit as "canceled", like an interrupt.
        XCTAssertEqual(reason, "canceled")
        let used = try XCTUnwrap(solver.lastCheckResourceCount)
        XCTAssertGreaterThanOrEqual(used, 20_000)
        XCTAssertLessThan(used, 25_000)
    }

    /// The limit is given to Z3 at every check (the context's default, or the check's own), not
    /// kept from an earlier one.
    func testEachCheckSpendsItsOwnResourceLimit() throws {
        let ctx = try Z3Context(resourceLimit: 20_000)
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        solver.assert(fixture.len(l) < 0)
        for limit in [nil, 60_000, nil, 30_000] {
            _ = try expectUnknown(solver.check(resourceLimit: limit))
            let used = try XCTUnwrap(solver.lastCheckResourceCount)
            XCTAssertGreaterThanOrEqual(used, limit ?? 20_000)
            XCTAssertLessThan(used, (limit ?? 20_000) * 5 / 4)
        }
        // A solver made later on the same context is limited alike.
        let other = try Z3Solver(ctx)
        other.assert(fixture.len(l) < 0)
        _ = try expectUnknown(other.check())
        XCTAssertLessThan(try XCTUnwrap(other.lastCheckResourceCount), 25_000)
    }
}
