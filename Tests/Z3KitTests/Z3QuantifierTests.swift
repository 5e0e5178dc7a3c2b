import XCTest
import Z3Kit

final class Z3QuantifierTests: XCTestCase {
    func testForallWithPatternRefutesGroundFact() throws {
        let ctx = try Z3Context()
        let f = ctx.function("f", domain: [ctx.intSort], range: ctx.intSort)
        let x = ctx.const("x", ctx.intSort)
        let axiom = ctx.forall([x], f(x) > x, patterns: [[f(x)]])
        XCTAssertTrue(axiom.description.contains(":pattern"), axiom.description)
        let solver = try Z3Solver(ctx)
        solver.assert(axiom)
        solver.assert(f(ctx.int(3)) <= 3)
        _ = try expectUnsat(solver.check())
    }

    func testExists() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let y = ctx.const("y", ctx.intSort)
        let solver = try Z3Solver(ctx)
        // ∃x. x > y ∧ x < y + 2 forces nothing on y; ∃x. x > y ∧ x < y + 1 is false.
        solver.assert(ctx.exists([x], ctx.and([x > y, x < y + 2])))
        _ = try expectSat(solver.check())
        solver.assert(ctx.exists([x], ctx.and([x > y, x < y + 1])))
        _ = try expectUnsat(solver.check())
    }

    func testBoundTermsMustBeConstants() throws {
        let bounds: [(Z3Term) -> [Z3Term]] = [{ [$0 + 1] }, { _ in [] }]
        for bound in bounds {
            let ctx = try Z3Context()
            let x = ctx.const("x", ctx.intSort)
            let solver = try Z3Solver(ctx)
            solver.assert(ctx.forall(bound(x), x > 0))
            XCTAssertThrowsError(try solver.check()) { error in
                XCTAssertEqual((error as? Z3Error)?.code, .invalidArgument)
                XCTAssertEqual((error as? Z3Error)?.operation, "mk_forall_const")
            }
        }
    }
}
