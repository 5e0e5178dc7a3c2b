import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// The second red team's scenario findings (SoundnessCorpus/FINDINGS.md 36, 37): facts the
/// scenario runner derives between renders and hands to both routes, so the routes agreed on the
/// wrong verdict.
final class RedTeamInvalidationScenarioTests: XCTestCase {
    private func run(_ body: String, invalidation: String = "runtime") throws -> ScenarioRun {
        let text = """
            scenario S {
              summary "s"; source I8; rules runtime; invalidation \(invalidation); expect holds
            \(body)
            }
            """
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        let scenario = try XCTUnwrap(result.scenarios.first, "\(result.diagnostics)")
        return ScenarioRunner(rules: .runtime, file: "S.lemma").run(scenario)
    }

    private static let counter = "render { App() @app { Counter(state: 0) @c { Text(\"static\") } } }"

    /// FINDINGS.md 36: `set c = 1` says c's body read the state, which sets the storage's sticky
    /// flag; a later change written `unread` runs c under `readFlag: .sticky`.
    func testADeclaredReadSetsTheStickyFlag() throws {
        let run = try run("""
              \(Self.counter)
              set c = 1
              \(Self.counter)
              set c = 2 unread
              \(Self.counter)
              check c evaluated because state
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.line), [])
        XCTAssertEqual(run.passed, 1)
    }

    /// Under `readFlag: .declared` only the set line counts: the same renders skip c.
    func testADeclaredReadDoesNotCarryOverUnderHandWritten() throws {
        let run = try run("""
              \(Self.counter)
              set c = 1
              \(Self.counter)
              set c = 2 unread
              \(Self.counter)
              check c skipped because parent
            """, invalidation: "handWritten")
        XCTAssertNil(run.error)
        XCTAssertEqual(run.passed, 1)
    }

    /// A new identity is a new storage: a read declared before it does not flag the new one.
    func testADeclaredReadDoesNotFlagTheNextIdentity() throws {
        let render: (Int) -> String = { "render { Host(state: 0) @host { Counter(state: 0).id(\($0)) @c { Text(\"static\") } } }" }
        let run = try run("""
              \(render(1))
              set c = 1
              set host = 1
              \(render(2))
              set c = 2 unread
              \(render(2))
              check c skipped because parent
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.line), [])
        XCTAssertEqual(run.passed, 1)
    }

    /// FINDINGS.md 37: an `@Observable` tracking belongs to a body attribute; a new identity at
    /// the same label starts a new one, so what the old identity read does not run the new view.
    func testANewIdentityDoesNotInheritTheTracking() throws {
        let render: (Int, String) -> String = {
            "render { App(state: 0) @app { Row(store: observable(1)).id(\($0)) @row { Text(store.\($1)) } } }"
        }
        let run = try run("""
              \(render(1, "a"))
              set app = 1
              \(render(2, "b"))
              check row evaluated because identity
              set observable(1).a = 3
              \(render(2, "b"))
              check row skipped because parent
              set observable(1).b = 3
              \(render(2, "b"))
              check row evaluated because dependency
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.line), [])
        XCTAssertEqual(run.passed, 3)
    }

    /// FINDINGS.md 38: a skipped parent hands its child the value it had, the `@StateObject`
    /// initialiser included; I12 keeping the object must not hide a changed initialiser.
    func testAChangedStateObjectInitialiserUnderASkippedParentIsNoRenderPair() throws {
        let run = try run("""
              render { App() @app { Cart(store: stateObject(model(1))) @cart } }
              render { App() @app { Cart(store: stateObject(model(2))) @cart } }
              check cart skipped because parent
            """)
        XCTAssertEqual(run.error?.code, "unrealizable-render")
        // The values as the scenario wrote them, the initialiser in its wrapper: the printed view parses back.
        guard case .unrealizableRender(_, _, let why)? = run.error else { return XCTFail("\(String(describing: run.error))") }
        XCTAssertTrue(why.hasSuffix("Cart(store: stateObject(model(1))) -> Cart(store: stateObject(model(2)))"), why)
        let printed = try XCTUnwrap(why.components(separatedBy: " -> ").last)
        let parsed = try ViewTreeParser.parse("App() @app { \(printed) @cart }")
        XCTAssertEqual(parsed.stateObjects["cart"], ["store"])
        XCTAssertEqual(parsed.root.children.first?.value.properties, [StoredProperty("store", .observed(object: 2))])
    }

    /// The same error prints a `@State`'s initial value, part of the view value it compares (it
    /// printed `Counter() -> Counter()` before).
    func testAnUnrealizableRenderPrintsTheInitialValue() throws {
        let run = try run("""
              render { App() @app { Counter(state: 5) @c } }
              render { App() @app { Counter(state: 7) @c } }
              check c skipped because parent
            """)
        guard case .unrealizableRender(_, _, let why)? = run.error else { return XCTFail("\(String(describing: run.error))") }
        XCTAssertTrue(why.hasSuffix("Counter(state: 5) -> Counter(state: 7)"), why)
    }

    /// The same change under a parent that ran is a render pair: the object is kept (I12).
    func testAChangedStateObjectInitialiserUnderARunningParentKeepsTheObject() throws {
        let run = try run("""
              render { App(state: 0) @app { Cart(store: stateObject(model(1))) @cart } }
              set app = 1
              render { App(state: 0) @app { Cart(store: stateObject(model(2))) @cart } }
              check cart skipped because equal
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.passed, 1)
    }

    /// FINDINGS.md 40: an index at `Int.max` needs a model with one more property than Int holds;
    /// it is a counterexample Z3 cannot decode (`unknown`), not an internal error.
    func testAPropertyCountPastIntIsUndecodableNotAnError() throws {
        let report = try SingleLemmaFile.run("""
            lemma huge_index {
              summary "s"; source I3; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume p[9223372036854775807].kind == .plain
              show evaluated(p, after)
            }
            """)
        guard case .unknown = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        XCTAssertEqual(report.outcome.reasonCode, "undecodable", report.message)
    }
}

