import IdentityModel
import Invalidation
import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// Invalidation scenarios end to end through `ScenarioRunner`: a failed check names, as code, the
/// property that made the comparison fail; state values follow identity; an invalidation mutant
/// changes the verdict.
final class InvalidationScenarioTests: XCTestCase {
    private func run(_ body: String, mutation: InvalidationMutation? = nil) throws -> ScenarioRun {
        let run = try runAllowingErrors(body, mutation: mutation)
        XCTAssertNil(run.error)
        return run
    }

    private func runAllowingErrors(_ body: String, mutation: InvalidationMutation? = nil) throws -> ScenarioRun {
        let text = "scenario S {\n  summary \"s\"; source I6; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n"
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.map(\.message), [])
        let scenario = try XCTUnwrap(result.scenarios.first)
        return ScenarioRunner(rules: .runtime, file: "S.lemma", invalidationMutation: mutation).run(scenario)
    }

    /// FINDINGS 11: a parent whose body did not run hands its child the identity and values it had,
    /// so a second render that gives such a child new values or a new identity is no render pair a
    /// tree gives: an error naming the render and the view, never a verdict.
    func testASkippedParentsChangedChildIsAnError() throws {
        let changed = try runAllowingErrors(
            """
            render { Parent() @parent { View(p0: 1) @view } }
            render { Parent() @parent { View(p0: 2) @view } }
            check parent skipped
            check view skipped because parent
            """)
        guard case .unrealizableRender(let location, let render, let why)? = changed.error else {
            return XCTFail("\(String(describing: changed.error))")
        }
        XCTAssertEqual(changed.error?.code, "unrealizable-render")
        XCTAssertEqual(location, "S.lemma:4:1")
        XCTAssertEqual(render, 2)
        XCTAssertEqual(
            why,
            "parent's body did not run (compared equal), so it hands "
                + "its children the identities and values they had (a child's identity and values are its parent's body output, "
                + "I9), but view has new values: View(p0: 1) -> View(p0: 2)")
        let renewed = try runAllowingErrors(
            """
            render { Parent() @parent { View().id(0) @view } }
            render { Parent() @parent { View().id(1) @view } }
            check view evaluated because identity
            """)
        guard case .unrealizableRender(_, _, let renewedWhy)? = renewed.error else { return XCTFail("\(String(describing: renewed.error))") }
        XCTAssertTrue(renewedWhy.hasSuffix("but view has a new identity"), renewedWhy)
        // Rows keep their identities (their keys) when reordered, but a body that did not run
        // cannot reorder them.
        let reordered = try runAllowingErrors(
            """
            render { Parent() @parent { ForEach([1, 2]) { Row(item: $0) @row } } }
            render { Parent() @parent { ForEach([2, 1]) { Row(item: $0) @row } } }
            check row[1] skipped because parent
            """)
        guard case .unrealizableRender(_, _, let reorderedWhy)? = reordered.error else {
            return XCTFail("\(String(describing: reordered.error))")
        }
        XCTAssertTrue(
            reorderedWhy.hasSuffix(
                "but row[2] is elsewhere in its body: forEach(identifiable, key: 2, offset: 1) -> forEach(identifiable, key: 2, offset: 0)"),
            reorderedWhy)
        // A parent that ran may change its child; whether the pair is realizable is decided under the
        // scenario's own rules, so a mutant that skips the parent does not make it an error.
        let ran = """
            render { Parent(state: 0) @parent { View(p0: 1) @view } }
            set parent = 1
            render { Parent(state: 0) @parent { View(p0: 2) @view } }
            check view evaluated because p0
            """
        XCTAssertEqual(try run(ran).passed, 1)
        XCTAssertEqual(try run(ran, mutation: .ownChangeIgnored).failures.count, 1)
    }

    private let manualBinding = """
        render { Prefs(state: 0) @prefs { Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … })) @toggle } }
        set prefs = 1
        render { Prefs(state: 0) @prefs { Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … })) @toggle } }
        check toggle skipped
        """

    /// The finding typed, then the writer's words on purpose: the property that differed, shown as code.
    func testAFailedCheckShowsThePropertyAsCode() throws {
        let run = try run(manualBinding)
        XCTAssertEqual(run.passed, 0)
        XCTAssertEqual(run.failures.map(\.found.code), ["evaluation"])
        guard case let .evaluation(label, evaluated, reason, expected, _)? = run.failures.first?.found else {
            return XCTFail("\(run.failures)")
        }
        XCTAssertEqual([label, "\(evaluated)", reason, expected], ["toggle", "true", "compared different at isOn", "skipped"])
        XCTAssertEqual(
            run.failures.map { "\($0.file):\($0.line):\($0.column): " + ReasonText.sentence($0.found) },
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
