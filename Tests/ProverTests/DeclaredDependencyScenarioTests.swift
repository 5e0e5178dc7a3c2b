import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// Declared dependencies end to end through `ScenarioRunner`, both routes (`BodyEvaluator` and Z3's
/// ground encoding) on every render: I10's environment reaches a view below a body that did not run,
/// and a write inside such a body cannot change.
final class DeclaredDependencyScenarioTests: XCTestCase {
    private func run(_ body: String, invalidation: String = "runtime", mutation: InvalidationMutation? = nil) throws -> ScenarioRun {
        let text = "scenario S {\n  summary \"s\"; source I10; rules runtime; invalidation \(invalidation); expect holds\n\(body)\n}\n"
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.map(\.message), [])
        let scenario = try XCTUnwrap(result.scenarios.first)
        XCTAssertEqual(scenario.invalidation?.name, invalidation)
        return ScenarioRunner(rules: .runtime, file: "S.lemma", invalidationMutation: mutation).run(scenario)
    }

    private let highWrite = #"""
        render { Root(state: 0) @root { Panel(n: 1).environment(\.colorScheme, 1) @panel { Badge(scheme: environment(\.colorScheme)) @badge } } }
        set root = 1
        render { Root(state: 0) @root { Panel(n: 1).environment(\.colorScheme, 2) @panel { Badge(scheme: environment(\.colorScheme)) @badge } } }
        check panel skipped because equal
        check badge evaluated because environment
        """#

    func testAWriteAboveASkippedBodyRunsTheReaderBelowItOnBothRoutes() throws {
        let result = try run(highWrite)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.failures.count, 0)
        XCTAssertEqual(result.passed, 2)
        XCTAssertEqual(result.groundComparisons, 6, "Z3 confirmed every view of both renders")
    }

    func testTheOldRulesAndThePerKeyMutantAreToldApart() throws {
        // The rules before I10 do not run the reader: the check fails, it is not an error.
        let old = try run(highWrite, invalidation: "handWritten")
        XCTAssertNil(old.error)
        XCTAssertEqual(old.failures.count, 1)
        let otherKey = #"""
            render { Root(state: 0) @root { Panel(n: 1).environment(\.locale, 1) @panel { Badge(scheme: environment(\.colorScheme)) @badge } } }
            set root = 1
            render { Root(state: 0) @root { Panel(n: 1).environment(\.locale, 2) @panel { Badge(scheme: environment(\.colorScheme)) @badge } } }
            check badge skipped because parent
            """#
        XCTAssertEqual(try run(otherKey).failures.count, 0)
        let mutant = try run(otherKey, mutation: .environmentComparedWhole)
        XCTAssertNil(mutant.error, "both routes read the mutant")
        XCTAssertEqual(mutant.failures.count, 1)
    }

    /// A body that did not run hands its children the steps they had, `.environment` writes
    /// included: a render that changes one inside it is no render pair a tree gives.
    func testAWriteChangedInsideASkippedBodyIsAnError() throws {
        let result = try run(#"""
            render { Root(state: 0) @root { Panel(n: 1) @panel { Badge(scheme: environment(\.colorScheme)).environment(\.colorScheme, 1) @badge } } }
            set root = 1
            render { Root(state: 0) @root { Panel(n: 1) @panel { Badge(scheme: environment(\.colorScheme)).environment(\.colorScheme, 2) @badge } } }
            check badge evaluated because environment
            """#)
        XCTAssertEqual(result.error?.code, "unrealizable-render")
    }

    /// I11: `send model(n)` signals the views observing object n, found by each route on its own.
    func testASendReachesAnEnvironmentObjectByTypeOnBothRoutes() throws {
        let body = #"""
            render { Root(state: 0) @root { VStack { Panel(n: 1) @panel { Cart(store: environmentObject(Store)) @cart } }.environmentObject(model(1) as Store) } }
            send model(1)
            render { Root(state: 0) @root { VStack { Panel(n: 1) @panel { Cart(store: environmentObject(Store)) @cart } }.environmentObject(model(1) as Store) } }
            check cart evaluated because dependency
            """#
        let result = try run(body)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.passed, 1)
        XCTAssertEqual(result.groundComparisons, 6)
        let mutant = try run(body, mutation: .environmentObjectsIgnored)
        XCTAssertNil(mutant.error, "both routes read the mutant")
        XCTAssertEqual(mutant.failures.count, 1)
        XCTAssertEqual(try run(body, invalidation: "handWritten").failures.count, 1)
    }

    /// A send no view observes, said so (`unobserved`), is a scenario: it signals nothing, on both
    /// routes, so a view that would run only for it is skipped. A plain `send` of it is E094 and
    /// the word on an observed object E099 (a counterexample prints such sends:
    /// `PrintedCounterexampleRoundTripTests`).
    func testASendNoViewObservesIsSaidUnobservedAndSignalsNothing() throws {
        let body = #"""
            render { Root(state: 0) @root { Detail(model: model(1)) @a } }
            send model(2) unobserved
            render { Root(state: 0) @root { Detail(model: model(1)) @a } }
            check a skipped because parent
            """#
        let result = try run(body)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.failures.count, 0)
        XCTAssertEqual(result.passed, 1)
        XCTAssertGreaterThan(result.groundComparisons, 0)
        func ids(_ body: String) -> [String] {
            let text = "scenario S {\n  summary \"s\"; source I11; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n"
            return LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)]).diagnostics.map(\.id.rawValue)
        }
        XCTAssertEqual(ids(body.replacingOccurrences(of: " unobserved", with: "")), ["E094"])
        XCTAssertEqual(ids(body.replacingOccurrences(of: "model(2) unobserved", with: "model(1) unobserved")), ["E099"])
    }

    func testSendTakesAModelAndComesAfterARender() {
        for (text, message) in [
            ("render { A(n: 1) @a }\n  send object(1)\n  check a skipped", "expected 'model'"),
            ("send model(1)\n  render { A(n: 1) @a }\n  check a skipped", "'send' before any 'render'"),
        ] {
            let source = "scenario S {\n  summary \"s\"; source I11; rules runtime; invalidation runtime; expect holds\n  \(text)\n}\n"
            let messages = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: source)]).diagnostics.map(\.message)
            XCTAssertTrue(messages.contains { $0.hasPrefix(message) }, "\(messages)")
        }
    }

    /// I12: a state object made once per identity, again after the identity is lost.
    func testAStateObjectLivesAsLongAsItsIdentity() throws {
        let body = #"""
            render { Root(state: 0) @root { Cart(store: stateObject(model(1))) @cart } }
            set root = 1
            send model(1)
            render { Root(state: 0) @root { Cart(store: stateObject(model(2))) @cart } }
            check cart evaluated because dependency
            set root = 2
            render { Root(state: 0) @root { Cart(store: stateObject(model(3))).id(5) @cart } }
            set root = 3
            send model(3)
            render { Root(state: 0) @root { Cart(store: stateObject(model(4))).id(5) @cart } }
            check cart evaluated because dependency
            """#
        let result = try run(body)
        XCTAssertNil(result.error)
        XCTAssertEqual(result.passed, 2)
        let mutant = try run(body, mutation: .stateObjectRemade)
        XCTAssertNil(mutant.error)
        XCTAssertEqual(mutant.failures.count, 2, "remade each render: object 2 then 4, which the sends do not reach")
        XCTAssertEqual(try run(body, invalidation: "handWritten").failures.count, 2)
    }
}
