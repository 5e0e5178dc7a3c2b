import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// The seventh red team's scenario findings. FINDINGS.md 58: which object an `@StateObject` holds
/// after the first render is I12's (a surviving identity keeps the one it made, whatever its
/// initialiser says), so two of them sharing an object is decided on the resolved objects, not on
/// the initialisers as written: two views holding one object is an error, and an initialiser I12
/// does not call makes nothing. FINDINGS.md 59: a surviving `@EnvironmentObject` reader that finds
/// another object than before is not modelled (I11), and is an error, not a verdict. FINDINGS.md 61:
/// a view revived by a lazy container keeps its `@Observable` tracking (R7), which the runner does
/// not carry, so such a scenario is an error too.
final class RedTeamRoundSevenScenarioTests: XCTestCase {
    private func load(_ body: String, invalidation: String = "runtime") throws -> CheckedScenario {
        let text = """
            scenario S {
              summary "s"; source R7, I8, I11, I12; rules runtime; invalidation \(invalidation); expect holds
            \(body)
            }
            """
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.map(\.id), [])
        return try XCTUnwrap(result.scenarios.first, "\(result.diagnostics)")
    }

    private func run(_ body: String, invalidation: String = "runtime") throws -> ScenarioRun {
        let scenario = try load(body, invalidation: invalidation)
        return ScenarioRunner(rules: scenario.ruleSet, file: "S.lemma").run(scenario)
    }

    /// `a` keeps model(1), made in render 1, while its initialiser says model(3); `b` is new in
    /// render 2 and its initialiser makes model(1): two instances the scenario names as one, so
    /// `send model(1)` ran both. It was proved with `a evaluated because dependency`.
    func testAnObjectKeptBesideAnInitialiserThatMakesItIsAnError() throws {
        let run = try run("""
              render { Root(state: 0) @root { Cart(store: stateObject(model(1))) @a; if false { Cart(store: stateObject(model(5))) @b } } }
              set root = 1
              render { Root(state: 0) @root { Cart(store: stateObject(model(3))) @a; if true { Cart(store: stateObject(model(1))) @b } } }
              set root = 2
              send model(1)
              render { Root(state: 0) @root { Cart(store: stateObject(model(3))) @a; if true { Cart(store: stateObject(model(1))) @b } } }
              check a evaluated because dependency
            """)
        XCTAssertEqual(run.error?.code, "shared-state-object")
        guard case .sharedStateObject(_, let render, let holders, let object)? = run.error else {
            return XCTFail("\(String(describing: run.error))")
        }
        XCTAssertEqual(render, 2)
        XCTAssertEqual(holders, ["a.store", "b.store"])
        XCTAssertEqual(object, 1)
        XCTAssertEqual(run.passed, 0)
    }

    /// `a` keeps model(1) and `b` makes model(2), which `a`'s initialiser also names but I12 does not
    /// call: E096 refused the input, saying both make model(2). Each send runs its own holder only.
    func testAnInitialiserI12DoesNotCallMakesNothing() throws {
        let run = try run("""
              render { Root(state: 0) @root { Cart(store: stateObject(model(1))) @a; if false { Cart(store: stateObject(model(5))) @b } } }
              set root = 1
              render { Root(state: 0) @root { Cart(store: stateObject(model(2))) @a; if true { Cart(store: stateObject(model(2))) @b } } }
              check a skipped because equal
              check b evaluated because identity
              send model(1)
              render { Root(state: 0) @root { Cart(store: stateObject(model(2))) @a; if true { Cart(store: stateObject(model(2))) @b } } }
              check a evaluated because dependency
              check b skipped because parent
              send model(2)
              render { Root(state: 0) @root { Cart(store: stateObject(model(2))) @a; if true { Cart(store: stateObject(model(2))) @b } } }
              check a skipped because parent
              check b evaluated because dependency
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.line), [])
        XCTAssertEqual(run.passed, 6)
    }

    /// Where every render calls the initialiser (`handWritten`: `stateObjects: .eachRender`), the
    /// same later render holds model(2) twice, and the runner refuses it as E096 did.
    func testTwoInitialisersOfOneObjectInALaterRenderAreAnErrorWhenEachRenderCallsThem() throws {
        let run = try run("""
              render { Root(state: 0) @root { Cart(store: stateObject(model(1))) @a; if false { Cart(store: stateObject(model(5))) @b } } }
              set root = 1
              render { Root(state: 0) @root { Cart(store: stateObject(model(2))) @a; if true { Cart(store: stateObject(model(2))) @b } } }
              check b evaluated because identity
            """, invalidation: "handWritten")
        XCTAssertEqual(run.error?.code, "shared-state-object")
        guard case .sharedStateObject(_, 2, ["a.store", "b.store"], 2)? = run.error else {
            return XCTFail("\(String(describing: run.error))")
        }
    }

    private static func environmentObjects(_ store: Int, settings: Int = 9, id: Int = 1, panel: Bool = false) -> String {
        let cart = "Cart(store: environmentObject(Store)).id(\(id)) @cart"
        let content = panel ? "Panel(n: 1) @panel { \(cart) }" : cart
        return "render { Root(state: 0) @root { VStack { \(content) }"
            + ".environmentObject(model(\(store)) as Store).environmentObject(model(\(settings)) as Settings) } }"
    }

    /// `cart` survives and its `Store` is model(2) where it was model(1): its value (the wrapper,
    /// which the parent builds without the object) compares equal, so it was skipped, with its
    /// parent run and below a skipped `Panel` alike; the wrapper's box sees the new object.
    func testASurvivingReaderWhoseEnvironmentObjectChangesIsAnError() throws {
        for panel in [false, true] {
            let run = try run("""
                  \(Self.environmentObjects(1, panel: panel))
                  set root = 1
                  \(Self.environmentObjects(2, panel: panel))
                  check cart skipped
                """)
            XCTAssertEqual(run.error?.code, "changed-environment-object", "\(panel)")
            guard case .changedEnvironmentObject(_, 2, "cart", "Store", 1, 2)? = run.error else {
                return XCTFail("\(String(describing: run.error))")
            }
            XCTAssertEqual(run.passed, 0)
        }
    }

    /// Not refused: a new identity finding a new object (it runs as new, I1), and a reader whose own
    /// type's object stays while another type's changes.
    func testANewReaderOrAnotherTypesObjectIsNotRefused() throws {
        let run = try run("""
              \(Self.environmentObjects(1))
              set root = 1
              \(Self.environmentObjects(2, id: 2))
              check cart evaluated because identity
              set root = 2
              \(Self.environmentObjects(2, settings: 8, id: 2))
              check cart skipped because equal
            """)
        XCTAssertNil(run.error)
        XCTAssertEqual(run.failures.map(\.line), [])
        XCTAssertEqual(run.passed, 2)
    }

    /// `row` read `store.a`, left the `LazyVStack`, came back reading nothing, and `a` changed:
    /// retained, its tracking still holds `a` (kept, or merged into by a revival's evaluation, I8),
    /// so it runs; the runner started it as a new identity tracking nothing and said "skipped".
    private static func revivedReader(container: String, rules: String = "runtime") -> String {
        func render(_ shown: Bool, reads: Bool) -> String {
            let row = "Row(store: observable(1)) @row { if \(reads) { Text(store.a) } }"
            return "render { App(state: 0) @app { \(container) { if \(shown) { \(row) } else { Text(\"x\") } } } }"
        }
        return """
              \(render(true, reads: true))
              set app = 1
              \(render(false, reads: true))
              set app = 2
              \(render(true, reads: false))
              check row evaluated because identity
              set observable(1).a = 1
              \(render(true, reads: false))
              check row skipped because parent
            """
    }

    func testAnObservableTrackingRevivedByALazyContainerIsAnError() throws {
        let run = try run(Self.revivedReader(container: "LazyVStack"))
        XCTAssertEqual(run.error?.code, "revived-state")
        guard case .revivedState(_, 3, "row")? = run.error else { return XCTFail("\(String(describing: run.error))") }
    }

    /// Where no cache keeps it the view comes back new, tracking nothing: a `VStack`. A view that
    /// never read a property is refused below a `LazyVStack` all the same: whether its body runs
    /// at the revival is open (FINDINGS.md 74).
    func testAViewNoCacheKeepsIsNotRefusedOneThatTrackedNothingIs() throws {
        let fresh = try run(Self.revivedReader(container: "VStack"))
        XCTAssertNil(fresh.error)
        XCTAssertEqual(fresh.failures.map(\.line), [])
        XCTAssertEqual(fresh.passed, 2)
        let untracked = try run(
            Self.revivedReader(container: "LazyVStack").replacingOccurrences(of: "if true { Text(store.a) }", with: "if true { Text(\"y\") }"))
        XCTAssertEqual(untracked.error?.code, "revived-state")
        guard case .revivedState(_, 3, "row")? = untracked.error else { return XCTFail("\(String(describing: untracked.error))") }
    }
}
