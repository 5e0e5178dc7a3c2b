import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// Issue 23's literal case through the scenario runner: a parent passes `$state` and never reads
/// it, its child reads the binding, the state changes unread. Under `runtime` (the sticky read
/// flag) both routes give a verdict; under `handWritten` it is the old "unrealizable render pair".
final class DerivedReadScenarioTests: XCTestCase {
    private func run(_ invalidation: String, mutation: InvalidationMutation? = nil) throws -> ScenarioRun {
        let text = """
            scenario S {
              summary "s"; source I8; rules runtime; invalidation \(invalidation); expect holds
              render { Parent(state: 0) @parent { Child(count: $state) @child { Text(count) } } }
              set parent = 1 unread
              render { Parent(state: 0) @parent { Child(count: $state) @child { Text(count) } } }
              check parent evaluated because state
              check child evaluated because count
            }
            """
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        let scenario = try XCTUnwrap(result.scenarios.first, "\(result.diagnostics)")
        return ScenarioRunner(rules: .runtime, file: "S.lemma", invalidationMutation: mutation).run(scenario)
    }

    func testTheChildsBindingRunsTheParentUnderRuntime() throws {
        let run = try run("runtime")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.count, 0)
        XCTAssertEqual(run.passed, 2)
        // Z3's ground encoding confirmed every view of both renders.
        XCTAssertEqual(run.groundComparisons, 4)
    }

    func testHandWrittenReadsLeaveTheRenderPairUnrealizable() throws {
        let run = try run("handWritten")
        XCTAssertEqual(run.error?.code, "unrealizable-render")
    }

    /// The mutant that ignores the shared flag fails the check; realizability is still judged by
    /// the correct rules, so it is a failed check, not an error.
    func testTheMutantFailsTheParentsCheck() throws {
        let run = try run("runtime", mutation: .readFlagNotShared)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.first?.line, 6)
    }
}

/// `@Observable` property tracking through the scenario runner: the step `set observable(N).P = v`
/// parses, runs only bodies that read P, and commits only a new value.
final class ObservableScenarioTests: XCTestCase {
    private func run(_ steps: String, check: String) throws -> ScenarioRun {
        let render = "render { App() @app { VStack { Row(store: observable(1)) @a { Text(store.a) }; Row(store: observable(1)) @b { Text(store.b) } } } }"
        let text = """
            scenario S {
              summary "s"; source I8; rules runtime; invalidation runtime; expect holds
              \(render)
              \(steps)
              \(render)
              \(check)
            }
            """
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        let scenario = try XCTUnwrap(result.scenarios.first, "\(result.diagnostics)")
        return ScenarioRunner(rules: .runtime, file: "S.lemma").run(scenario)
    }

    func testOnlyTheBodyThatReadThePropertyRuns() throws {
        let run = try run("set observable(1).a = 1", check: "check a evaluated because dependency\n  check b skipped because parent")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.found), [])
        XCTAssertEqual(run.passed, 2)
    }

    func testASetThatChangesNothingAndThenBackIsTracked() throws {
        // 0 -> 0 commits nothing; 0 -> 3 -> 0 commits twice (each set that differs commits).
        let none = try run("set observable(1).a = 0", check: "check a skipped because parent")
        XCTAssertEqual(none.passed, 1)
        let twice = try run("set observable(1).a = 3\n  set observable(1).a = 0", check: "check a evaluated because dependency")
        XCTAssertEqual(twice.passed, 1)
    }

    func testAnObservableSetBeforeAnyRenderIsAnError() {
        let text = """
            scenario S {
              summary "s"; source I8; rules runtime; invalidation runtime; expect holds
              set observable(1).a = 1
              render { App() @app { Row(store: observable(1)) @a { Text(store.a) } } }
              check a evaluated
            }
            """
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.first?.id, .stepBeforeRender)
    }
}
