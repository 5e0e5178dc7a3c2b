import XCTest
import Z3Kit

final class Z3ContextTests: XCTestCase {
    func testVersion() {
        XCTAssertEqual(Z3Context.version, "4.8.12")
        XCTAssertTrue(Z3Context.fullVersion.contains("4.8.12"), Z3Context.fullVersion)
    }

    func testSortMismatchThrowsAndContextStaysUsable() throws {
        let ctx = try Z3Context()
        let x = try ctx.const("x", ctx.intSort)
        let b = try ctx.const("b", ctx.boolSort)
        XCTAssertThrowsError(try x.eq(b)) { error in
            let error = error as! Z3Error
            XCTAssertEqual(error.code, .exception)
            XCTAssertEqual(error.operation, "mk_eq")
            XCTAssertEqual(error.message, "Sorts Int and Bool are incompatible")
        }
        XCTAssertThrowsError(try x + b)
        XCTAssertThrowsError(try b.and(x))
        // The context works normally afterwards.
        let solver = try Z3Solver(ctx)
        try solver.assert(try x.eq(ctx.int(4)))
        XCTAssertEqual(try expectSat(solver.check()).int(of: x), 4)
    }

    func testWrongArityThrows() throws {
        let ctx = try Z3Context()
        let f = try ctx.function("f", domain: [ctx.intSort], range: ctx.intSort)
        XCTAssertEqual(f.arity, 1)
        XCTAssertEqual(f.name, "f")
        XCTAssertThrowsError(try f(ctx.int(1), ctx.int(2))) { error in
            XCTAssertTrue((error as! Z3Error).message.contains("Wrong number of arguments"), "\(error)")
        }
        XCTAssertThrowsError(try f(ctx.bool(true)))
    }

    func testTermsOfAnotherContextAreRejected() throws {
        let one = try Z3Context()
        let two = try Z3Context()
        let x = try one.const("x", one.intSort)
        let y = try two.const("y", two.intSort)
        XCTAssertThrowsError(try x.eq(y)) { error in
            XCTAssertEqual((error as! Z3Error).code, .invalidArgument)
        }
        XCTAssertThrowsError(try Z3Solver(two).assert(x.eq(x)))
    }

    func testSortsAndDescriptions() throws {
        let ctx = try Z3Context()
        XCTAssertEqual(ctx.intSort, ctx.intSort)
        XCTAssertNotEqual(ctx.intSort, ctx.boolSort)
        XCTAssertEqual(try ctx.seqSort(of: ctx.intSort).description, "(Seq Int)")
        let node = try ctx.uninterpretedSort("Node")
        XCTAssertEqual(node.name, "Node")
        let x = try ctx.const("x", ctx.intSort)
        XCTAssertEqual(x.name, "x")
        XCTAssertEqual(x.sort, ctx.intSort)
        let sum = try x + 1
        XCTAssertNil(sum.name)
        XCTAssertNil(try ctx.int(3).name)
        XCTAssertEqual(try ctx.bool(true).name, "true")
        XCTAssertEqual(sum.description, "(+ x 1)")
        XCTAssertEqual(try (ctx.int(2) + ctx.int(3)).simplify().description, "5")
        let fresh = try ctx.freshConst("k", ctx.intSort)
        XCTAssertNotEqual(fresh.name, try ctx.freshConst("k", ctx.intSort).name)
    }
}
