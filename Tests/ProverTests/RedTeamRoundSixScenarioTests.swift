import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// The sixth red team's scenario findings. FINDINGS.md 52: a view with `@State` or a `@StateObject`
/// that comes back below a lazy container that retains it (R7) keeps its state there, which the
/// invalidation runner does not carry; such a scenario is an error, not a verdict on a fresh state
/// (FINDINGS.md 74: a stateless one too, its run being open).
/// FINDINGS.md 53: what a skipped body writes of built-in views is not compared, and no verdict
/// reads it.
final class RedTeamRoundSixScenarioTests: XCTestCase {
    private func run(_ body: String, rules: String = "runtime") throws -> ScenarioRun {
        let text = """
            scenario S {
              summary "s"; source R7, I8; rules \(rules); invalidation runtime; expect holds
            \(body)
            }
            """
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        let scenario = try XCTUnwrap(result.scenarios.first, "\(result.diagnostics)")
        return ScenarioRunner(rules: scenario.ruleSet, file: "S.lemma").run(scenario)
    }

    /// `c` set to 5, removed from the `LazyVStack`, back: R7 revives it holding 5, so `set c = 5`
    /// commits nothing (I8) and `c` is skipped; the runner started it at 0 again and said
    /// "evaluated because state".
    private static func revival(container: String, view: String = "Counter(state: 0) @c { Text(state) }") -> String {
        let shown = "render { App(state: 0) @app { \(container) { if true { \(view) } } } }"
        return """
              \(shown)
              set c = 5
              \(shown)
              set app = 1
              render { App(state: 0) @app { \(container) { if false { \(view) } else { Text("x") } } } }
              set app = 2
              \(shown)
              set c = 5
              \(shown)
              check c skipped because parent
            """
    }

    func testAStateRevivedByALazyContainerIsAnError() throws {
        let run = try run(Self.revival(container: "LazyVStack"))
        XCTAssertEqual(run.error?.code, "revived-state")
        guard case .revivedState(_, let render, let label)? = run.error else { return XCTFail("\(String(describing: run.error))") }
        XCTAssertEqual(render, 4)
        XCTAssertEqual(label, "c")
    }

    /// A `@StateObject` is kept the same way (R7 keeps what the identity allocated).
    func testAStateObjectRevivedByALazyContainerIsAnError() throws {
        let view = "Cart(store: stateObject(model(1))) @c"
        let shown = "render { App(state: 0) @app { LazyHStack { if true { \(view) } } } }"
        let run = try run("""
              \(shown)
              set app = 1
              render { App(state: 0) @app { LazyHStack { if false { \(view) } else { Text("x") } } } }
              set app = 2
              \(shown)
            """)
        XCTAssertEqual(run.error?.code, "revived-state")
    }

    /// Where no cache keeps it, the view comes back fresh, which the runner models: a `VStack`,
    /// and a `LazyVStack` under `evicting` (R9). The set of 5 on a fresh 0 commits and runs `c`.
    func testAViewNoContainerRetainsStartsAgain() throws {
        for (container, rules) in [("VStack", "runtime"), ("LazyVStack", "evicting")] {
            let text = Self.revival(container: container).replacingOccurrences(
                of: "check c skipped because parent", with: "check c evaluated because state")
            let run = try run(text, rules: rules)
            XCTAssertNil(run.error, container)
            XCTAssertEqual(run.failures.map(\.line), [], container)
            XCTAssertEqual(run.passed, 1, container)
        }
    }

    /// FINDINGS.md 74: a stateless view that comes back to a lazy container is refused too, since
    /// whether a revived body runs is open (I1), and so is its child, whose parent's run it is.
    /// Under a `VStack`, or `evicting`, it is a new identity and its body runs (I1).
    func testAStatelessViewBackInALazyContainerIsRefused() throws {
        func revival(_ container: String, rules: String = "runtime", check: String) throws -> ScenarioRun {
            let view = "Label(n: 1) @l { Leaf(m: 1) @leaf }"
            let shown = "render { App(state: 0) @app { \(container) { if true { \(view) } else { Text(\"x\") } } } }"
            return try run("""
                  \(shown)
                  set app = 1
                  render { App(state: 0) @app { \(container) { if false { \(view) } else { Text("x") } } } }
                  set app = 2
                  \(shown)
                  \(check)
                """, rules: rules)
        }
        for check in ["check l evaluated because identity", "check leaf evaluated because identity", "check l skipped because parent"] {
            let refused = try revival("LazyVStack", check: check)
            XCTAssertEqual(refused.error?.code, "revived-state", check)
            guard case .revivedState(_, 3, "l")? = refused.error else { return XCTFail("\(String(describing: refused.error))") }
            XCTAssertEqual(refused.passed + refused.failures.count, 0, check)
        }
        for (container, rules) in [("VStack", "runtime"), ("LazyVStack", "evicting")] {
            let fresh = try revival(container, rules: rules, check: "check l evaluated because identity")
            XCTAssertNil(fresh.error, container)
            XCTAssertEqual(fresh.failures.map(\.line), [], container)
            XCTAssertEqual(fresh.passed, 1, container)
        }
    }

    /// FINDINGS.md 53: `card`'s body did not run, yet its output reads `state` in render 2, which
    /// no tree gives; the runner compares custom views only and accepts it. The read is not taken
    /// (a read counts only from a body that ran): the unread change after it still skips `card`.
    func testABuiltInViewASkippedBodyWritesIsNotRead() throws {
        let run = try run("""
              render { App() @app { Card(state: 0) @card { Text("x") } } }
              set card = 1 unread
              render { App() @app { Card(state: 0) @card { Text(state) } } }
              check card skipped because parent
              set card = 2 unread
              render { App() @app { Card(state: 0) @card { Text(state) } } }
              check card skipped because parent
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.line), [])
        XCTAssertEqual(run.passed, 2)
    }
}
