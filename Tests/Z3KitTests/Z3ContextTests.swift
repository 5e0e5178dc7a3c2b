import XCTest
import Z3Kit

final class Z3ContextTests: XCTestCase {
    func testVersion() {
        XCTAssertEqual(Z3Context.version, "4.8.12")
        XCTAssertTrue(Z3Context.fullVersion.contains("4.8.12"), Z3Context.fullVersion)
    }

    /// A sort error is latched, not thrown: the builder returns the placeholder `true`, later
    /// builders keep the first error, and every check, evaluation and script of the context throws
    /// it. The hostile case: `¬(placeholder)` is `false`, so a check that lost the error would
    /// answer unsat, which a caller would read as proved.
    func testSortMismatchIsLatchedAndThrownByEveryLaterAnswer() throws {
        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let b = ctx.const("b", ctx.boolSort)
        let solver = try Z3Solver(ctx)
        solver.assert(x.eq(ctx.int(4)))
        let model = try expectSat(solver.check())
        XCTAssertNil(ctx.latchedError)

        let mismatch = x.eq(b)
        XCTAssertEqual(mismatch.description, "true", "the placeholder")
        _ = x + b // a second error; the first is kept
        solver.assert(mismatch.not())
        // Decoding a term needs no check (scenarios decode simplified ground terms): it throws too.
        let answers: [() throws -> Void] = [
            { _ = try solver.check() }, { _ = try model.int(of: x) }, { _ = try solver.smtlib2Script() },
            { _ = try Z3Value((ctx.int(2) + 3).simplify()) },
        ]
        for answer in answers {
            XCTAssertThrowsError(try answer()) { error in
                let error = error as? Z3Error
                XCTAssertEqual(error?.code, .exception)
                XCTAssertEqual(error?.operation, "mk_eq")
                XCTAssertEqual(error?.message, "Sorts Int and Bool are incompatible")
            }
        }
        XCTAssertThrowsError(try solver.check(), "still latched: never lost")
    }

    /// A query whose context latched an error leaves the next query, on a fresh context, untouched.
    func testALatchedErrorDoesNotLeakIntoAFreshContext() throws {
        let broken = try Z3Context()
        let brokenSolver = try Z3Solver(broken)
        brokenSolver.assert(broken.int(1).eq(broken.bool(true)))
        XCTAssertThrowsError(try brokenSolver.check())

        let ctx = try Z3Context()
        let x = ctx.const("x", ctx.intSort)
        let solver = try Z3Solver(ctx)
        solver.assert(x.eq(ctx.int(4)))
        XCTAssertEqual(try expectSat(solver.check()).int(of: x), 4)
        XCTAssertNil(ctx.latchedError)
    }

    func testWrongArityIsLatched() throws {
        let argumentLists: [(Z3Context) -> [Z3Term]] = [{ [$0.int(1), $0.int(2)] }, { [$0.bool(true)] }]
        for (index, arguments) in argumentLists.enumerated() {
            let ctx = try Z3Context()
            let f = ctx.function("f", domain: [ctx.intSort], range: ctx.intSort)
            XCTAssertEqual(f.arity, 1)
            XCTAssertEqual(f.name, "f")
            let solver = try Z3Solver(ctx)
            solver.assert(f.apply(arguments(ctx)) > 0)
            XCTAssertThrowsError(try solver.check(), "case \(index)") { error in
                XCTAssertEqual((error as? Z3Error)?.operation, "mk_app")
            }
        }
        let ctx = try Z3Context()
        _ = ctx.function("f", domain: [ctx.intSort], range: ctx.intSort)(ctx.int(1), ctx.int(2))
        XCTAssertTrue(ctx.latchedError?.message.contains("Wrong number of arguments") ?? false, "\(String(describing: ctx.latchedError))")
    }

    /// A term of another context never reaches Z3: the building context latches `invalidArgument`.
    func testTermsOfAnotherContextAreRejected() throws {
        let one = try Z3Context()
        let two = try Z3Context()
        let x = one.const("x", one.intSort)
        let y = two.const("y", two.intSort)
        _ = x.eq(y)
        XCTAssertEqual(one.latchedError?.code, .invalidArgument)
        XCTAssertNil(two.latchedError)
        let solver = try Z3Solver(two)
        solver.assert(y.eq(y))
        solver.assert(x.eq(x))
        XCTAssertThrowsError(try solver.check()) { error in
            XCTAssertEqual((error as? Z3Error)?.code, .invalidArgument)
            XCTAssertEqual((error as? Z3Error)?.operation, "solver_assert")
        }
    }

    func testSortsAndDescriptions() throws {
        let ctx = try Z3Context()
        XCTAssertEqual(ctx.intSort, ctx.intSort)
        XCTAssertNotEqual(ctx.intSort, ctx.boolSort)
        XCTAssertEqual(ctx.seqSort(of: ctx.intSort).description, "(Seq Int)")
        let node = ctx.uninterpretedSort("Node")
        XCTAssertEqual(node.name, "Node")
        let x = ctx.const("x", ctx.intSort)
        XCTAssertEqual(x.name, "x")
        XCTAssertEqual(x.sort, ctx.intSort)
        let sum = x + 1
        XCTAssertNil(sum.name)
        XCTAssertNil(ctx.int(3).name)
        XCTAssertEqual(ctx.bool(true).name, "true")
        XCTAssertEqual(sum.description, "(+ x 1)")
        XCTAssertEqual((ctx.int(2) + ctx.int(3)).simplify().description, "5")
        let fresh = ctx.freshConst("k", ctx.intSort)
        XCTAssertNotEqual(fresh.name, ctx.freshConst("k", ctx.intSort).name)
    }
}
