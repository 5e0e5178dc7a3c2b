import XCTest
import Z3Kit

final class Z3DatatypeTests: XCTestCase {
    func testListModelDecodesExactly() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        // l = [h, 2, 3] with h + 2 = 3
        solver.assert(fixture.cons.test(l))
        let head = fixture.cons.field("head", of: l)
        let tail = fixture.cons.field("tail", of: l)
        solver.assert((head + 2).eq(ctx.int(3)))
        try solver.assert(tail.eq(fixture.literal([2, 3])))
        let model = try expectSat(solver.check())
        XCTAssertEqual(try model.value(of: l), IntListFixture.value([1, 2, 3]))
        XCTAssertEqual(try model.eval(l).description, "(cons 1 (cons 2 (cons 3 nil)))")
        XCTAssertEqual(try model.bool(of: fixture.nilList.test(l)), false)
        XCTAssertEqual(try model.int(of: fixture.cons.accessor("head").apply([tail])), 2)
    }

    func testDeclarationShape() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        XCTAssertEqual(fixture.list.name, "IntList")
        XCTAssertEqual(fixture.list.sort.name, "IntList")
        XCTAssertEqual(fixture.list.constructors.map(\.name), ["nil", "cons"])
        XCTAssertEqual(fixture.cons.fieldNames, ["head", "tail"])
        XCTAssertEqual(fixture.cons.function.arity, 2)
        XCTAssertEqual(fixture.cons.tester.arity, 1)
        XCTAssertEqual(fixture.cons.accessor("tail").name, "tail")
        XCTAssertNil(ctx.latchedError)
        _ = fixture.cons.accessor("nope")
        XCTAssertEqual(ctx.latchedError?.operation, "accessor")
        let other = try Z3Context()
        _ = try IntListFixture(other).list.constructor("nope")
        XCTAssertEqual(other.latchedError?.operation, "constructor")
        XCTAssertEqual(other.latchedError?.code, .invalidArgument)
        XCTAssertThrowsError(try Z3Context().declareDatatypes([
            Z3DatatypeDeclaration("Bad", constructors: [.init("bad", fields: [.init("x", datatype: "Missing")])]),
        ]))
    }

    func testMutuallyRecursiveTreeAndForest() throws {
        let ctx = try Z3Context()
        let types = try ctx.declareDatatypes([
            Z3DatatypeDeclaration("Tree", constructors: [
                .init("node", fields: [.init("label", ctx.intSort), .init("children", datatype: "Forest")]),
            ]),
            Z3DatatypeDeclaration("Forest", constructors: [
                .init("empty"),
                .init("grow", fields: [.init("first", datatype: "Tree"), .init("rest", datatype: "Forest")]),
            ]),
        ])
        let (tree, forest) = (types[0], types[1])
        let node = tree.constructor("node")
        let empty = forest.constructor("empty")
        let grow = forest.constructor("grow")
        XCTAssertEqual(node.function.description.contains("Forest"), true)

        let t = ctx.const("t", tree.sort)
        let children = node.field("children", of: t)
        let solver = try Z3Solver(ctx)
        // t = node(1, [node(2, []), node(label(t) + 2, [])])
        solver.assert(node.field("label", of: t).eq(ctx.int(1)))
        solver.assert(grow.test(children))
        let first = grow.field("first", of: children)
        solver.assert(first.eq(node(ctx.int(2), empty())))
        let rest = grow.field("rest", of: children)
        solver.assert(rest.eq(grow(node(node.field("label", of: t) + 2, empty()), empty())))
        let model = try expectSat(solver.check())
        func leaf(_ label: Int) -> Z3Value {
            .datatype(constructor: "node", fields: [.int(label), .datatype(constructor: "empty", fields: [])])
        }
        XCTAssertEqual(try model.value(of: t), .datatype(constructor: "node", fields: [
            .int(1),
            .datatype(constructor: "grow", fields: [
                leaf(2),
                .datatype(constructor: "grow", fields: [leaf(3), .datatype(constructor: "empty", fields: [])]),
            ]),
        ]))
    }

    func testRecursiveFunctionInQuery() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        solver.assert(fixture.len(l).eq(ctx.int(3)))
        solver.assert(fixture.cons.field("head", of: l).eq(ctx.int(9)))
        let model = try expectSat(solver.check())
        guard case .datatype("cons", let fields) = try model.value(of: l) else { return XCTFail("not a cons") }
        XCTAssertEqual(fields.first, .int(9))
        XCTAssertEqual(try model.int(of: fixture.len(l)), 3)
        XCTAssertEqual(try model.int(of: fixture.len(fixture.literal([4, 5]))), 2)

        // A ground fact that contradicts the definition.
        let other = try Z3Solver(ctx)
        try other.assert(fixture.len(fixture.literal([1])).eq(ctx.int(5)))
        _ = try expectUnsat(other.check())
    }

    /// Each misuse is latched and thrown by the context's next check (one context each: the first error is kept).
    func testRecursiveDefinitionMisuseIsLatched() throws {
        let misuses: [(Z3Context) throws -> Void] = [
            { ctx in // defined twice
                let fixture = try IntListFixture(ctx)
                fixture.len.define(parameters: [ctx.const("l", fixture.list.sort)], body: ctx.int(0))
            },
            { ctx in // not recursive
                let x = ctx.const("x", ctx.intSort)
                ctx.function("plain", domain: [ctx.intSort], range: ctx.intSort).define(parameters: [x], body: x)
            },
            { ctx in // a parameter that is not a constant
                let x = ctx.const("x", ctx.intSort)
                ctx.recursiveFunction("g", domain: [ctx.intSort], range: ctx.intSort).define(parameters: [x + 1], body: x)
            },
        ]
        for (index, misuse) in misuses.enumerated() {
            let ctx = try Z3Context()
            try misuse(ctx)
            XCTAssertEqual(ctx.latchedError?.operation, "add_rec_def", "misuse \(index)")
            XCTAssertThrowsError(try Z3Solver(ctx).check(), "misuse \(index)")
        }
    }
}
