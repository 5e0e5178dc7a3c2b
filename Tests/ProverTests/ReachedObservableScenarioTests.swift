import IdentityModel
import Invalidation
import LemmaLanguage
import XCTest

@testable import Scenarios

/// A body that reads an `@Observable` object it does not hold (`let _ = observable(1).a`, the form
/// counterexamples print) is tracked as `Text(store.a)` is: its property's change runs it and only
/// it; a `set` of an object no body reaches is still E092.
final class ReachedObservableScenarioTests: XCTestCase {
    private func run(_ body: String) throws -> ScenarioRun {
        let text = """
            scenario s {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
            \(body)
            }
            """
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(loaded.diagnostics.filter(\.isError).map(\.id), [], text)
        let scenario = try XCTUnwrap(loaded.scenarios.first, text)
        return ScenarioRunner(rules: .runtime, file: "S.lemma").run(scenario)
    }

    func testAReachedPropertysChangeRunsTheBodyThatReadItAndNotItsChild() throws {
        let render = "  render { App() @app { Row() @row { let _ = observable(1).a; Cell(n: 1) @cell } } }"
        let run = try run([render, "  set observable(1).a = 2", render, "  check app skipped", "  check row evaluated because dependency",
                           "  check cell skipped because equal"].joined(separator: "\n"))
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.count, 0, "\(run.failures)")
        XCTAssertEqual(run.passed, 3)
    }

    func testAnUnreadPropertysChangeRunsNothing() throws {
        let render = "  render { App() @app { Row() @row { Text(observable(1).a) } } }"
        let run = try run([render, "  set observable(1).b = 2", render, "  check row skipped because parent"].joined(separator: "\n"))
        XCTAssertEqual(run.failures.count, 0, "\(run.failures)")
        XCTAssertEqual(run.passed, 1)
    }

    func testASetOfAnObjectNoBodyReachesIsStillE092() {
        let render = "  render { App() @app { Row() @row { let _ = observable(1).a } } }"
        let text = """
            scenario s {
              summary "x"; source I8; rules runtime; invalidation runtime; expect holds
            \(render)
              set observable(2).a = 1
            \(render)
              check row skipped
            }
            """
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(loaded.diagnostics.filter(\.isError).map(\.id), [.observableNotHeld])
    }
}
