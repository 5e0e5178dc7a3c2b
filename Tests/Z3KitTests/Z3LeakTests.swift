import Foundation
import XCTest
import Z3Kit

/// Building and releasing many terms, models and solvers leaves memory flat. The same workload
/// runs under valgrind in `scripts/leakcheck.sh` (with fewer iterations, set by
/// `Z3KIT_LEAK_ITERATIONS`).
final class Z3LeakTests: XCTestCase {
    private var iterations: Int {
        ProcessInfo.processInfo.environment["Z3KIT_LEAK_ITERATIONS"].flatMap(Int.init) ?? 1000
    }

    /// Runs the measurement in a process of its own (this test binary, filtered to this test),
    /// so that memory earlier tests leave behind (their threads, caches, arenas) does not count.
    func testWorkloadKeepsMemoryFlat() throws {
        let environment = ProcessInfo.processInfo.environment
        if environment[Self.inProcessKey] != nil || Self.underValgrind {
            return try measureWorkloadInProcess()
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["Z3KitTests.Z3LeakTests/testWorkloadKeepsMemoryFlat"]
        child.environment = environment.merging([Self.inProcessKey: "1"]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        // Only the measurement: the child's own XCTest lines would read as a second run of this test.
        print(printed.split(separator: "\n").filter { $0.contains("resident memory by") }.joined(separator: "\n"))
        XCTAssertEqual(child.terminationStatus, 0, "the measuring process failed:\n\(printed)")
        XCTAssertTrue(printed.contains("resident memory by"), "the measuring process did not measure:\n\(printed)")
    }

    private static let inProcessKey = "Z3KIT_LEAK_IN_PROCESS"
    private static var underValgrind: Bool {
        ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("vgpreload") ?? false
    }

    private func measureWorkloadInProcess() throws {
        // Warm-up: the first few dozen contexts grow the allocator's arenas (~18 MB) for good.
        for _ in 0..<40 {
            _ = try Z3Context()
        }
        // Measured while the workload's context is alive: deleting a context frees all its terms,
        // which would hide leaked references.
        let workload = try Workload()
        try workload.run(rounds: max(1, iterations / 5))
        let (z3Before, residentBefore) = (try z3AllocatedBytes(), try residentBytes())
        try workload.run(rounds: iterations)
        let (z3Growth, residentGrowth) = (try z3AllocatedBytes() - z3Before, try residentBytes() - residentBefore)
        print("Z3LeakTests: over \(iterations) rounds Z3's memory grew by \(z3Growth) bytes, resident memory by \(residentGrowth)")
        // Leaking one reference per term (each round makes ~120 new ones) grows Z3's memory by
        // ~60 MB; leaking a model per round grows resident memory by ~9 MB.
        XCTAssertLessThan(z3Growth, 512 << 10)
        // Under valgrind (scripts/leakcheck.sh) resident memory is valgrind's, not ours.
        if !Self.underValgrind {
            XCTAssertLessThan(residentGrowth, 4 << 20)
        }
    }

    /// Rounds on one context and one solver, with a fresh solver every 10th round and a full
    /// cycle in fresh contexts every 250th (both from the first).
    private final class Workload {
        let ctx: Z3Context
        let solver: Z3Solver
        let x, s, flag: Z3Term

        init() throws {
            ctx = try Z3Context()
            solver = try Z3Solver(ctx)
            x = ctx.const("x", ctx.intSort)
            s = ctx.const("s", ctx.seqSort(of: ctx.intSort))
            flag = ctx.const("flag", ctx.boolSort)
        }

        func run(rounds: Int) throws {
            for round in 0..<rounds {
                // Distinct numerals make every term new, so leaked references would accumulate.
                let bounds = (0..<40).map { x + (round * 100 + $0) > -$0 }
                try solver.push()
                solver.assert(ctx.or(Array(bounds.prefix(8))))
                // Z3's sequence theory keeps caches in a long-lived solver, so sequences only
                // every 5th round keep Z3's own growth well below the bound.
                if round % 5 == 0 {
                    solver.assert(s.eq(ctx.sequence([ctx.int(round), x], of: ctx.intSort)))
                }
                let model = try expectSat(solver.check())
                if round % 5 == 0 {
                    XCTAssertEqual(try model.value(of: s).sequenceCount, 2)
                }
                _ = model.description
                solver.assert(flag.implies(x.neq(x)))
                XCTAssertEqual(try expectUnsat(solver.check(assumptions: [flag])).count, 1)
                try solver.pop()

                if round % 10 == 0 {
                    try Z3LeakTests.latchedErrorCycle()
                    let fresh = try Z3Solver(ctx, kind: .simple)
                    fresh.assert(x > round, tracking: "t")
                    XCTAssertEqual(try expectSat(fresh.check()).int(of: x), round + 1)
                    XCTAssertEqual(try fresh.assertions.count, 1)
                }
                if round % 250 == 0 {
                    try Z3LeakTests.fullCycle()
                }
            }
        }
    }

    /// Datatypes, a recursive function, a quantifier, statistics, export, parse and a parse error,
    /// each in fresh contexts.
    private static func fullCycle() throws {
        let ctx = try Z3Context()
        let fixture = try IntListFixture(ctx)
        let l = ctx.const("l", fixture.list.sort)
        let solver = try Z3Solver(ctx)
        solver.assert(fixture.len(l).eq(ctx.int(2)), tracking: "two")
        let model = try expectSat(solver.check())
        XCTAssertEqual(try model.int(of: fixture.len(l)), 2)
        _ = try model.value(of: l)
        _ = try solver.statistics()

        let f = ctx.function("f", domain: [ctx.intSort], range: ctx.intSort)
        let n = ctx.const("n", ctx.intSort)
        let refuting = try Z3Solver(ctx)
        refuting.assert(ctx.forall([n], f(n) > n, patterns: [[f(n)]]))
        try refuting.assert(f(fixture.len(fixture.literal([1, 2]))) <= 2)
        _ = try expectUnsat(refuting.check())

        // One context per script: Z3 4.8.12 itself leaks ~400 bytes when a script redefines a
        // recursive function (`len`) that the context already has.
        XCTAssertEqual(try Z3Context().parseSMTLIB2(solver.smtlib2Script()).count, 1)
        XCTAssertEqual(try Z3Context().parseSMTLIB2(refuting.smtlib2Script()).count, 2)
        XCTAssertThrowsError(try Z3Context().parseSMTLIB2("(assert"))
    }

    /// A sort error latched in a fresh context, its terms and solver released after the check throws it.
    private static func latchedErrorCycle() throws {
        let ctx = try Z3Context()
        let solver = try Z3Solver(ctx)
        solver.assert(ctx.int(1).eq(ctx.const("b", ctx.boolSort)).not())
        XCTAssertThrowsError(try solver.check())
    }

    /// The memory Z3 has allocated and not freed (its statistic `memory`, in MB), in bytes.
    private func z3AllocatedBytes() throws -> Int {
        let statistics = try Z3Solver(Z3Context(), kind: .simple).statistics()
        return Int(try XCTUnwrap(statistics["memory"]) * 1024 * 1024)
    }

    /// This process's resident set size, from /proc/self/statm.
    private func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return try XCTUnwrap(Int(fields[1])) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

private extension Z3Value {
    var sequenceCount: Int? {
        if case .sequence(let elements) = self { return elements.count }
        return nil
    }
}
