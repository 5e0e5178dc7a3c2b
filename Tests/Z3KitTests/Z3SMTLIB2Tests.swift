import Foundation
import TestSupport
import XCTest
import Z3Kit

final class Z3SMTLIB2Tests: XCTestCase {
    /// A satisfiable query over datatypes, sequences, ints and a tracked assertion.
    private func satSolver(_ ctx: Z3Context) throws -> Z3Solver {
        let fixture = try IntListFixture(ctx)
        let x = ctx.const("x", fixture.list.sort)
        let s = ctx.const("s", ctx.seqSort(of: ctx.intSort))
        let solver = try Z3Solver(ctx)
        solver.assert(fixture.cons.test(x))
        solver.assert(fixture.nilList.test(fixture.cons.field("tail", of: x)))
        solver.assert(s.length().eq(ctx.int(2)), tracking: "two")
        solver.assert(fixture.cons.field("head", of: x).eq(s.nth(ctx.int(0))))
        solver.assert(s.contains(ctx.unitSequence(ctx.int(7))))
        solver.assert(ctx.unitSequence(ctx.int(3)).isPrefix(of: s))
        return solver
    }

    /// An unsatisfiable query: a quantified axiom with a pattern, a datatype tester and a ground
    /// fact about the recursive `len`.
    private func unsatSolver(_ ctx: Z3Context) throws -> Z3Solver {
        let fixture = try IntListFixture(ctx)
        let f = ctx.function("f", domain: [ctx.intSort], range: ctx.intSort)
        let n = ctx.const("n", ctx.intSort)
        let solver = try Z3Solver(ctx)
        solver.assert(ctx.forall([n], f(n) > n, patterns: [[f(n)]]))
        try solver.assert(f(fixture.len(fixture.literal([1, 2]))) <= 2)
        return solver
    }

    func testExportedScriptShape() throws {
        let ctx = try Z3Context()
        let script = try satSolver(ctx).smtlib2Script()
        XCTAssertTrue(script.hasPrefix("(set-logic ALL)\n"), script)
        XCTAssertTrue(script.hasSuffix("(check-sat-assuming (two))\n"), script)
        XCTAssertTrue(script.contains("(declare-datatypes"), script)
        XCTAssertTrue(script.contains("((_ is cons) x)"), script)
        XCTAssertTrue(script.contains("(define-funs-rec"), script)
        XCTAssertFalse(script.contains("(_ len 0)"), script)
        let unsat = try unsatSolver(ctx).smtlib2Script()
        XCTAssertTrue(unsat.hasSuffix(")\n(check-sat)\n"), unsat)
        XCTAssertTrue(unsat.contains("(f (len (cons 1 (cons 2 nil))))"), unsat)
    }

    func testExportAfterCheckIsStillPlainSMTLIB() throws {
        let ctx = try Z3Context()
        let solver = try satSolver(ctx)
        let before = try solver.smtlib2Script()
        _ = try expectSat(solver.check())
        XCTAssertEqual(try solver.smtlib2Script(), before)
        XCTAssertFalse(before.contains("model-add"))
    }

    /// Red team of the simple solver's export: Z3's own list of a simple solver's assertions holds
    /// its rewritten formulas (`(> x 3)` becomes `(not (<= x 3))` at once), so a script built from
    /// it would differ from the default solver's. Both print what was asserted, in any scope,
    /// after checks and pops.
    func testASimpleSolverExportsWhatWasAssertedAsTheDefaultSolverDoes() throws {
        func script(_ kind: Z3Solver.Kind) throws -> (script: String, rewritten: [String]) {
            let ctx = try Z3Context()
            let x = ctx.const("x", ctx.intSort), y = ctx.const("y", ctx.intSort)
            let solver = try Z3Solver(ctx, kind: kind)
            solver.assert((x > 3).and(y.eq(x + 1)))
            try solver.push()
            solver.assert(y < 10)
            _ = try solver.check()
            try solver.pop()
            try solver.push()
            solver.assert(y > 4, tracking: "t")
            _ = try solver.check()
            return (try solver.smtlib2Script(), try solver.assertions.map(\.description))
        }
        let combined = try script(.combined)
        let simple = try script(.simple)
        XCTAssertEqual(simple.script, combined.script)
        XCTAssertTrue(simple.script.contains("(> x 3)"), simple.script)
        XCTAssertTrue(simple.script.contains("(check-sat-assuming (t))"), simple.script)
        XCTAssertFalse(simple.script.contains("(< y 10)"), simple.script)
        // What the export must not read: the simple solver's own, rewritten list.
        XCTAssertFalse(simple.rewritten.joined().contains("(> x 3)"), "\(simple.rewritten)")
    }

    func testRoundTripKeepsVerdicts() throws {
        for (make, expectation) in [(satSolver, "sat"), (unsatSolver, "unsat")] {
            let ctx = try Z3Context()
            let original = try make(ctx)
            let script = try original.smtlib2Script()
            let fresh = try Z3Context()
            let reparsed = try Z3Solver(fresh)
            for assertion in try fresh.parseSMTLIB2(script) {
                reparsed.assert(assertion)
            }
            // The tracked assertion comes back as `two ⇒ …`; the script's check assumes `two`.
            let assumptions = script.contains("(two)") ? [fresh.const("two", fresh.boolSort)] : []
            XCTAssertEqual(try verdict(original.check()), expectation)
            XCTAssertEqual(try verdict(reparsed.check(assumptions: assumptions)), expectation, script)
            // Exporting the re-parsed solver gives the same script again.
            XCTAssertEqual(try reparsed.smtlib2Script(assumptions: assumptions), script)
        }
    }

    func testMalformedScriptThrowsWithZ3Message() throws {
        let ctx = try Z3Context()
        XCTAssertThrowsError(try ctx.parseSMTLIB2("(declare-const y Int)(assert (> y")) { error in
            let error = error as! Z3Error
            XCTAssertEqual(error.code, .parserError)
            XCTAssertEqual(error.message, #"(error "line 1 column 34: invalid expression, unexpected input")"#)
        }
        XCTAssertThrowsError(try ctx.parseSMTLIB2("(assert (> undeclared 1))")) { error in
            XCTAssertTrue((error as! Z3Error).message.contains("unknown constant undeclared"), "\(error)")
        }
        // The context still parses well-formed text.
        let parsed = try ctx.parseSMTLIB2("(declare-const y Int)(assert (> y 1))")
        XCTAssertEqual(parsed.map(\.description), ["(> y 1)"])
    }

    func testZ3BinaryAgrees() throws {
        try agree(binary: try ExternalTool.path(of: "z3"), arguments: [])
    }

    func testCVC5BinaryAgrees() throws {
        try agree(binary: try ExternalTool.path(of: "cvc5"), arguments: ["--lang", "smt2", "--strings-exp", "--fmf-fun", "--full-saturate-quant"])
    }

    private func agree(binary: String, arguments: [String]) throws {
        for make in [satSolver, unsatSolver] {
            let ctx = try Z3Context()
            let solver = try make(ctx)
            let script = try solver.smtlib2Script()
            let expected = try verdict(solver.check())
            XCTAssertEqual(try ExternalTool.run(binary, arguments, onScript: script, keepErrors: false), expected, "\(binary) on\n\(script)")
        }
    }

    private func verdict(_ result: Z3CheckResult) -> String {
        switch result {
        case .sat: return "sat"
        case .unsat: return "unsat"
        case .unknown(let reason): return "unknown (\(reason))"
        }
    }
}
