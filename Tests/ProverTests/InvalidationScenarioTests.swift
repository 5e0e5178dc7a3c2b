import IdentityModel
import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover

/// Invalidation scenarios end to end through `ScenarioRunner`: a failed check names, as code, the
/// property that made the comparison fail; state values follow identity; an invalidation mutant
/// changes the verdict.
final class InvalidationScenarioTests: XCTestCase {
    private func run(_ body: String, mutation: InvalidationMutation? = nil) throws -> ScenarioRun {
        let text = "scenario S {\n  summary \"s\"; source I6; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n"
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.map(\.message), [])
        let scenario = try XCTUnwrap(result.scenarios.first)
        let run = ScenarioRunner(rules: .runtime, file: "S.lemma", invalidationMutation: mutation).run(scenario)
        XCTAssertNil(run.error)
        return run
    }

    private let manualBinding = """
        render { Prefs(state: 0) @prefs { Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … })) @toggle } }
        set prefs = 1
        render { Prefs(state: 0) @prefs { Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … })) @toggle } }
        check toggle skipped
        """

    func testAFailedCheckShowsThePropertyAsCode() throws {
        let run = try run(manualBinding)
        XCTAssertEqual(run.passed, 0)
        XCTAssertEqual(
            run.failures,
            [
                """
                S.lemma:6:1: toggle evaluated (compared different at isOn), expected skipped
                    body(toggle): compared different at isOn
                      before: Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … }))
                      after:  Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … }))
                      the comparison failed at isOn: Binding(get: { 1 }, set: { … }) -> Binding(get: { 1 }, set: { … })
                """
            ])
        XCTAssertEqual(run.trace.first, "render 1:")
    }

    func testTheMutantOfI6ChangesTheVerdict() throws {
        let run = try run(manualBinding, mutation: .manualBindingComparesEqual)
        XCTAssertEqual(run.failures, [])
        XCTAssertEqual(run.passed, 1)
    }

    func testStateFollowsIdentityIntoBindingSnapshots() throws {
        // The value set on `form` survives the second render; a new identity (.id) starts again
        // from the initial value, so the snapshot changes back and the field differs.
        let run = try run(
            """
            render { Root() @root { Form(state: 0) @form { Field(value: $state) @field } } }
            set form = 1
            render { Root() @root { Form(state: 0) @form { Field(value: $state) @field } } }
            check field evaluated because value
            signal form
            render { Root() @root { Form(state: 0) @form { Field(value: $state) @field } } }
            check field skipped because equal
            """)
        XCTAssertEqual(run.failures, [])
        XCTAssertEqual(run.passed, 2)
    }
}
