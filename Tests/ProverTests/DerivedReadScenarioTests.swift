import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover

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
