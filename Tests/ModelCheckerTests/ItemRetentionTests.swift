import IdentityModel
import ModelChecker
import XCTest

/// R7 under `itemLevelRetention` (docs/rules.md, open question 2): the checker's bit-set
/// transition and the runtime semantics give every view of every three-render trace the same value,
/// and the option changes exactly the traces where a view is removed inside an eager child of a
/// lazy container that stays.
final class ItemRetentionTests: XCTestCase {
    private let itemLevel = RuleSet(
        name: "itemRetention", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true,
        nestedAnyView: .unwrapped, itemLevelRetention: true)
    private let counter = Program.stateful("Counter", label: "c")

    /// `LazyVStack { HStack { if c { Counter } } }`: the HStack stays, so its list dropped the item.
    private var insideEagerChild: Program { .container(.LazyVStack, .container(.HStack, .optional(counter))) }
    /// `LazyVStack { if c { HStack { Counter } } }`: the HStack is the container's own item.
    private var eagerChildWhole: Program { .container(.LazyVStack, .optional(.container(.HStack, counter))) }
    /// `LazyVStack { HStack { LazyHStack { if c { Counter } } } }`: the inner lazy container holds it.
    private var insideNestedLazy: Program {
        .container(.LazyVStack, .container(.HStack, .container(.LazyHStack, .optional(counter))))
    }
    /// `LazyVStack { HStack { if d { if c { Counter } } } }`: removed by either condition, inside the HStack.
    private var twoConditions: Program { .container(.LazyVStack, .container(.HStack, .optional(.optional(counter)))) }
    /// `LazyVStack { HStack { if c { Counter } }; LazyHStack { if d { Counter } } }`: each leaf's
    /// containers are numbered after its earlier siblings' (a wrong offset holds the wrong item).
    private var siblingContainers: Program {
        .container(
            .LazyVStack, .tuple([.container(.HStack, .optional(counter)), .container(.LazyHStack, .optional(counter))]))
    }

    /// The value of each view of the last render after `first` (every state then set to 1),
    /// `middle` and `last`, by the runtime and by the checker.
    private func values(_ program: Program, rules: RuleSet, trace: [Int32]) throws -> (runtime: [Int], checker: [Int]) {
        let enumerator = ProgramEnumerator(bounds: Bounds(depth: 6))
        let compiled = try CompiledProgram(programs: [program], enumerator: enumerator, rules: rules)
        let renders = compiled.renders
        var runtime = RuntimeState(rules: rules)
        _ = try runtime.render(renders[Int(trace[0])])
        for path in runtime.paths { try runtime.mutateState(.identity(path.identity), to: 1) }
        var report = try runtime.render(renders[Int(trace[1])])
        report = try runtime.render(renders[Int(trace[2])])
        let rendered = compiled.rendered[Int(trace[0])]
        var state = CheckerState(render: trace[0], alive: rendered, values: rendered)
        state = compiled.successor(of: state, rendering: trace[1])
        state = compiled.successor(of: state, rendering: trace[2])
        let checker = compiled.leaves(of: trace[2]).map { $0.identity >= 0 && state.values.contains(Int($0.identity)) ? 1 : 0 }
        return (report.views.map(\.value), checker)
    }

    private func traces(_ program: Program) -> [[Int32]] {
        let count = Int32(ProgramEnumerator(bounds: Bounds(depth: 6)).renders(of: program).count)
        return (0..<count).flatMap { a in (0..<count).flatMap { b in (0..<count).map { c in [a, b, c] } } }
    }

    func testCheckerAgreesWithTheRuntimeOnEveryTrace() throws {
        var compared = 0
        for program in [insideEagerChild, eagerChildWhole, insideNestedLazy, twoConditions, siblingContainers] {
            for rules in [RuleSet.runtime, itemLevel, itemLevel.mutated(.noRetention)] {
                for trace in traces(program) {
                    let (runtime, checker) = try values(program, rules: rules, trace: trace)
                    XCTAssertEqual(runtime, checker, "\(rules) \(program) \(trace)")
                    compared += runtime.count
                }
            }
        }
        XCTAssertGreaterThan(compared, 50)
    }

    /// Present, removed, present again: which programs bring the counter back with its state.
    func testOnlyARemovalInsideAnEagerChildComesBackFresh() throws {
        func revives(_ program: Program, _ rules: RuleSet) throws -> Bool {
            let renders = ProgramEnumerator(bounds: Bounds(depth: 6)).renders(of: program)
            let shown = try XCTUnwrap(renders.firstIndex { !$0.statefulPaths(rules: rules, generation: 0).isEmpty })
            let hidden = try XCTUnwrap(renders.firstIndex { $0.statefulPaths(rules: rules, generation: 0).isEmpty })
            let (runtime, checker) = try values(program, rules: rules, trace: [Int32(shown), Int32(hidden), Int32(shown)])
            XCTAssertEqual(runtime, checker)
            return runtime == [1]
        }
        XCTAssertTrue(try revives(insideEagerChild, .runtime))
        XCTAssertFalse(try revives(insideEagerChild, itemLevel))
        XCTAssertFalse(try revives(twoConditions, itemLevel))
        for program in [eagerChildWhole, insideNestedLazy] {
            XCTAssertTrue(try revives(program, .runtime))
            XCTAssertTrue(try revives(program, itemLevel), "\(program)")
        }
    }
}
