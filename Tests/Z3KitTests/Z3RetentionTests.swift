import XCTest

@testable import Z3Kit

/// `Z3Context.Retention`: Z3 gives a released term's number to the next new term, so when handles
/// are released decides the numbers (and so Z3's term orders and models); a context that keeps
/// every handle until it ends numbers terms by the calls made alone.
final class Z3RetentionTests: XCTestCase {
    /// The numbers of terms made after twenty sums that are either held or dropped at once, as a
    /// debug build (longer lifetimes) and a release build (shorter ones) would.
    private func laterNumbers(_ retention: Z3Context.Retention, holdingEarlierTerms: Bool) throws -> [UInt32] {
        let ctx = try Z3Context(retention: retention)
        let x = ctx.const("x", ctx.intSort)
        var held: [Z3Term] = []
        for n in 0..<20 {
            let sum = x + (n + 1_000)
            if holdingEarlierTerms { held.append(sum) }
        }
        let later = (0..<5).map { x * ($0 + 2_000) }
        XCTAssertEqual(held.count, holdingEarlierTerms ? 20 : 0)
        return later.map(\.number)
    }

    func testKeptTermsAreNumberedByTheCallsAloneWhateverTheirSwiftLifetimes() throws {
        XCTAssertEqual(
            try laterNumbers(.untilContextEnds, holdingEarlierTerms: true),
            try laterNumbers(.untilContextEnds, holdingEarlierTerms: false))
    }

    /// The cause, shown: released when unused, the same calls number the later terms differently.
    func testTermsReleasedWhenUnusedAreNumberedByTheirLifetimes() throws {
        XCTAssertNotEqual(
            try laterNumbers(.whenUnused, holdingEarlierTerms: true),
            try laterNumbers(.whenUnused, holdingEarlierTerms: false))
    }

    func testTheDefaultReleasesWhenUnused() throws {
        XCTAssertEqual(try Z3Context().retention, .whenUnused)
    }

    /// Kept until the end, the references of ended handles are given back just before the context
    /// is deleted (Z3 deletes a context that still has referenced terms level by level of their
    /// graph, rescanning its term table each time): each ended handle once, and none while it lives.
    func testKeptReferencesAreGivenBackOnceEachAtTheEnd() throws {
        let ctx = try Z3Context(retention: .untilContextEnds)
        let x = ctx.const("x", ctx.intSort)
        let before = ctx.endedASTs.count
        var chain = x
        for n in 0..<500 { chain = chain + n }
        let made = ctx.endedASTs.count - before
        XCTAssertGreaterThanOrEqual(made, 500, "each intermediate sum and constant ended as the chain grew")
        let solver = try Z3Solver(ctx)
        solver.assert(chain.eq(ctx.int(7)))
        do {
            guard case .sat(let model) = try solver.check() else { return XCTFail("a linear equation is satisfiable") }
            XCTAssertEqual(try model.int(of: x), 7 - (0..<500).reduce(0, +))
            XCTAssertTrue(ctx.endedModels.isEmpty, "the model's handle is alive")
        }
        XCTAssertEqual(ctx.endedModels.count, 1)
        XCTAssertFalse(ctx.endedASTs.contains(chain.raw), "a live handle's reference is not given back")
    }

    func testReleasedWhenUnusedNothingWaitsForTheEnd() throws {
        let ctx = try Z3Context(retention: .whenUnused)
        var chain = ctx.const("x", ctx.intSort)
        for n in 0..<100 { chain = chain + n }
        XCTAssertTrue(ctx.endedASTs.isEmpty)
    }

    /// A deep graph kept until the end, with a model and a solver, ends cleanly and leaves later
    /// contexts working (a reference given back twice would corrupt Z3's counts).
    func testADeepKeptGraphEndsAndLaterContextsWork() throws {
        for _ in 0..<3 {
            let ctx = try Z3Context(retention: .untilContextEnds)
            let x = ctx.const("x", ctx.intSort)
            var chain = x
            for n in 0..<3_000 { chain = chain + n }
            let solver = try Z3Solver(ctx)
            solver.assert(chain.eq(ctx.int(0)))
            guard case .sat(let model) = try solver.check() else { return XCTFail("satisfiable") }
            XCTAssertEqual(try model.int(of: x), -(0..<3_000).reduce(0, +))
        }
        let ctx = try Z3Context(retention: .untilContextEnds)
        let y = ctx.const("y", ctx.intSort)
        let solver = try Z3Solver(ctx)
        solver.assert(y.eq(ctx.int(3)))
        guard case .sat(let model) = try solver.check() else { return XCTFail("satisfiable") }
        XCTAssertEqual(try model.int(of: y), 3)
    }
}
