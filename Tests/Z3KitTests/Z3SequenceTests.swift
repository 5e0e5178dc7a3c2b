import XCTest
import Z3Kit

final class Z3SequenceTests: XCTestCase {
    func testLengthNthConcatPrefixDecode() throws {
        let ctx = try Z3Context()
        let ints = ctx.seqSort(of: ctx.intSort)
        let s = ctx.const("s", ints)
        let t = ctx.const("t", ints)
        let solver = try Z3Solver(ctx)
        solver.assert(s.length().eq(ctx.int(3)))
        solver.assert(s.nth(ctx.int(0)).eq(ctx.int(-7)))
        solver.assert(s.nth(ctx.int(1)).eq(ctx.int(5)))
        solver.assert(s.nth(ctx.int(2)).eq(ctx.int(6)))
        solver.assert(t.eq(ctx.concat([s, ctx.unitSequence(ctx.int(8))])))
        solver.assert(s.isPrefix(of: t))
        let model = try expectSat(solver.check())
        XCTAssertEqual(try model.value(of: s), .sequence([.int(-7), .int(5), .int(6)]))
        XCTAssertEqual(try model.value(of: t), .sequence([.int(-7), .int(5), .int(6), .int(8)]))
        // Z3 4.8.12 prints sequence values as one n-ary concatenation of units.
        XCTAssertEqual(try model.eval(s).description, "(seq.++ (seq.unit (- 7)) (seq.unit 5) (seq.unit 6))")
        XCTAssertEqual(try model.int(of: t.length()), 4)
        XCTAssertEqual(try model.value(of: t.at(ctx.int(3))), .sequence([.int(8)]))
        XCTAssertEqual(try model.value(of: t.extract(offset: ctx.int(1), length: ctx.int(2))), .sequence([.int(5), .int(6)]))
        XCTAssertEqual(try model.bool(of: t.isSuffix(of: t)), true)
        XCTAssertEqual(try model.bool(of: t.contains(ctx.sequence([ctx.int(6), ctx.int(8)], of: ctx.intSort))), true)
        XCTAssertEqual(try model.value(of: ctx.emptySequence(of: ctx.intSort)), .sequence([]))
    }

    func testSequencesOfDatatypesAndUninterpretedValues() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let node = ctx.uninterpretedSort("Node")
        let (a, b) = (ctx.const("a", node), ctx.const("b", node))
        let lists = ctx.const("lists", ctx.seqSort(of: fixture.list.sort))
        let nodes = ctx.const("nodes", ctx.seqSort(of: node))
        let solver = try Z3Solver(ctx)
        try solver.assert(lists.eq(ctx.sequence([fixture.literal([1]), fixture.literal([])], of: fixture.list.sort)))
        solver.assert(nodes.eq(ctx.sequence([a, b, a], of: node)))
        solver.assert(a.neq(b))
        let model = try expectSat(solver.check())
        XCTAssertEqual(try model.value(of: lists), .sequence([IntListFixture.value([1]), IntListFixture.value([])]))
        guard case .sequence(let values) = try model.value(of: nodes), values.count == 3,
              case .uninterpreted(let first) = values[0], case .uninterpreted(let second) = values[1] else {
            return XCTFail("unexpected \(try model.value(of: nodes))")
        }
        XCTAssertEqual(values[2], values[0])
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(first.hasPrefix("Node!val!"), first)
    }
}
