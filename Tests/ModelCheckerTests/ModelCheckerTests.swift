import Foundation
import IdentityModel
import ModelChecker
import XCTest

final class ModelCheckerTests: XCTestCase {
    func testEngineerExpectationIsRefutedWithAReadablePair() throws {
        let result = try ModelChecker(bounds: Bounds(depth: 3, steps: 1)).check(.engineerExpectation)
        let counterexample = try XCTUnwrap(result.counterexample)
        XCTAssertEqual(counterexample.renders.count, 2)
        let before = counterexample.renders[0].statefulPaths(rules: .runtime, generation: 0)
        let after = counterexample.renders[1].statefulPaths(rules: .runtime, generation: 1)
        XCTAssertTrue(
            after.contains { q in before.contains { $0.hasSameAddress(as: q) && $0.identity != q.identity } },
            "\(counterexample)")
        let text = counterexample.description
        XCTAssertTrue(text.contains("initial render:") && text.contains("then render:"), text)
        XCTAssertNoThrow(try RenderParser.parse(RenderPrinter.print(counterexample.renders[0])))
        XCTAssertTrue(counterexample.lastReport?.views.contains { $0.outcome == .resets } ?? false, text)
    }

    func testIdentityDeterminesStateHolds() throws {
        for rules in RuleSet.all {
            let bounds = Bounds(depth: 3, branching: 2, viewTypes: 2, modifierTypes: 2, steps: 2)
            let result = try ModelChecker(bounds: bounds, rules: rules, mutations: true)
                .check(.identityDeterminesState)
            XCTAssertTrue(result.holds, "\(rules): \(result)")
            XCTAssertGreaterThan(result.statistics.distinctStates, 500)
            XCTAssertGreaterThan(result.statistics.undefinedTransitions, 0, "constant ranges that change count are skipped")
        }
    }

    func testMutatedRuleBreaksIdentityDeterminesStateOnlyThroughItsOwnRule() throws {
        let result = try ModelChecker(
            bounds: Bounds(depth: 2, steps: 2), rules: RuleSet.runtime.mutated(.reReadInitialValue), mutations: true
        ).check(.identityDeterminesState)
        XCTAssertFalse(result.holds)
        XCTAssertEqual(result.counterexample?.actions.count, 2, "shortest: mutate, then re-render")
    }

    /// The compact bit-set transition gives every view the outcome and value the runtime gives it.
    func testCompactTransitionAgreesWithTheRuntime() throws {
        let bounds = Bounds(depth: 3, branching: 2, viewTypes: 2, modifierTypes: 1)
        let enumerator = ProgramEnumerator(bounds: bounds)
        var compared = 0
        for rules in [RuleSet.runtime, .documented, RuleSet.runtime.mutated(.idOverridesStructure)] {
            for program in enumerator.programs().prefix(300) {
                let compiled = try CompiledProgram(programs: [program], enumerator: enumerator, rules: rules)
                let renders = compiled.renders
                for first in 0..<Int32(compiled.renderCount) where !compiled.isUndefined(first) {
                    for second in 0..<Int32(compiled.renderCount) where !compiled.isUndefined(from: first, to: second) {
                        var runtime = RuntimeState(rules: rules)
                        _ = try runtime.render(renders[Int(first)])
                        for path in runtime.paths { try runtime.mutateState(.identity(path.identity), to: 1) }
                        let report = try runtime.render(renders[Int(second)])
                        let rendered = compiled.rendered[Int(first)]
                        let state = compiled.successor(
                            of: CheckerState(render: first, alive: rendered, values: rendered), rendering: second)
                        for (leaf, view) in zip(compiled.leaves(of: second), report.views) {
                            let value = leaf.identity >= 0 && state.values.contains(Int(leaf.identity))
                            XCTAssertEqual(value ? 1 : 0, view.value, "\(program)")
                            XCTAssertEqual(leaf.identity >= 0 && rendered.contains(Int(leaf.identity)), view.outcome == .survives)
                            compared += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    func testTransitionEnumeratorVisitsEveryPairAndStopsEarly() {
        let bounds = Bounds(depth: 2, branching: 2, viewTypes: 2, modifierTypes: 1)
        let all = TransitionEnumerator(bounds: bounds).firstCounterexample { _ -> String? in nil }
        let enumerator = ProgramEnumerator(bounds: bounds)
        let expected = enumerator.programs().map { enumerator.renders(of: $0).count }.map { $0 * $0 }.reduce(0, +)
        XCTAssertNil(all.counterexample)
        XCTAssertEqual(all.cases, expected)

        let found = TransitionEnumerator(bounds: bounds).firstCounterexample { transition -> String? in
            let before = transition.before.statefulPaths(rules: .runtime, generation: 0)
            let after = transition.after.statefulPaths(rules: .runtime, generation: 1)
            let reset = after.contains { q in before.contains { $0.hasSameAddress(as: q) && $0.identity != q.identity } }
            return reset ? "\(transition.before) -> \(transition.after)" : nil
        }
        XCTAssertNotNil(found.counterexample)
        XCTAssertLessThan(found.cases, expected)
    }

    func testEnumeratorVisitsEveryTraceOfThreeRendersSharingPrefixes() {
        let bounds = Bounds(depth: 2, branching: 2, viewTypes: 1, modifierTypes: 1)
        let enumerator = ProgramEnumerator(bounds: bounds)
        let expected = enumerator.programs().map { enumerator.renders(of: $0).count }.map { $0 * $0 * $0 }.reduce(0, +)
        let prefixes = ManagedAtomicCounter()
        let all = TransitionEnumerator(bounds: bounds, workers: 1, renderCount: 3).firstCounterexample(
            start: { _ in 0 },
            extend: { depth, _ in
                prefixes.increment()
                return depth + 1
            },
            check: { depth, transition -> String? in
                depth == 3 && transition.renders.count == 3 ? nil : "wrong depth \(depth)"
            })
        XCTAssertNil(all.counterexample)
        XCTAssertEqual(all.cases, expected)
        let perProgram = enumerator.programs().map { enumerator.renders(of: $0).count }
        XCTAssertEqual(prefixes.value, perProgram.map { $0 + $0 * $0 + $0 * $0 * $0 }.reduce(0, +), "each prefix extended once")
    }

    func testStateCountGrowsWithDepth() throws {
        var counts: [Int] = []
        for depth in 1...3 {
            counts.append(try ModelChecker(bounds: Bounds(depth: depth)).check(.identityDeterminesState).statistics.states)
        }
        XCTAssertEqual(counts[0], 8)
        XCTAssertLessThan(counts[1], counts[2])
    }

    /// A whole-trace property: seed 002's "the state is lost when the view leaves" holds where lazy
    /// containers evict (R9) and is refuted by retention (R7) with the leave-and-return trace.
    func testTracePropertySeesRevivalThroughRetention() throws {
        let bounds = Bounds(depth: 3, branching: 1, viewTypes: 1, modifierTypes: 1, keyValues: 1, steps: 4)
        let runtime = try ModelChecker(bounds: bounds, rules: .runtime, mutations: true).check(.removedStateIsForgotten)
        let counterexample = try XCTUnwrap(runtime.counterexample)
        XCTAssertEqual(counterexample.renders.count, 3, "render, leave, come back")
        XCTAssertTrue(counterexample.log.contains { $0.kind == .revive })
        XCTAssertTrue(counterexample.violation.contains("came back"), counterexample.violation)
        let evicting = try ModelChecker(bounds: bounds, rules: .evicting, mutations: true).check(.removedStateIsForgotten)
        XCTAssertTrue(evicting.holds, "\(evicting)")
        XCTAssertGreaterThan(evicting.statistics.transitions, 1_000)
    }

    /// R7 and R9 exhaustively within bounds: retention gives a returning lazy view its old value,
    /// eviction does not.
    func testLazyRevivalKeepsStateUnderRetentionOnly() throws {
        let bounds = Bounds(depth: 3, branching: 1, viewTypes: 1, modifierTypes: 1, keyValues: 1, steps: 4)
        let runtime = try ModelChecker(bounds: bounds, rules: .runtime, mutations: true).check(.lazyRevivalKeepsState)
        XCTAssertTrue(runtime.holds, "\(runtime)")
        XCTAssertGreaterThan(runtime.statistics.transitions, 1_000)
        let evicting = try ModelChecker(bounds: bounds, rules: .evicting, mutations: true).check(.lazyRevivalKeepsState)
        let counterexample = try XCTUnwrap(evicting.counterexample)
        XCTAssertTrue(counterexample.violation.contains("came back to its lazy container"), counterexample.violation)
    }
}

/// A counter closures on worker threads may bump.
private final class ManagedAtomicCounter: @unchecked Sendable {
    // Safe to share: `count` is read and written only under `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
