import XCTest
@testable import LemmaLanguage

/// Scenario claims that must fail for the right reason: `check NAME:` and `expect refuted by NAME`
/// as parsed and checked (the run's side is `RefutedByTests` in ProverTests).
final class ScenarioClaimTests: XCTestCase {
    private func scenario(_ header: String, _ body: String) -> String {
        "scenario S {\n  summary \"s\"; source R3; rules runtime; \(header)\n\(body)\n}\n"
    }

    private let insertion = """
        render { VStack { if false { Counter(state: 0) @inserted }; Counter(state: 0) @existing } }
        set existing = 5
        render { VStack { if true { Counter(state: 0) @inserted }; Counter(state: 0) @existing } }
        check keeps: existing survives
        check takes_state: inserted == 5
        check undefined_here: undefined
        """

    func testCheckNamesAndRefutedByAreParsed() throws {
        let result = load(scenario("expect refuted by takes_state, undefined_here", insertion))
        XCTAssertEqual(headlines(result.diagnostics), [])
        let checked = try XCTUnwrap(result.scenarios.first)
        XCTAssertEqual(checked.refutedBy, ["takes_state", "undefined_here"])
        let named = checked.steps.compactMap { step in step.name.map { "\($0.value): \(step.checkText ?? "?")" } }
        XCTAssertEqual(named, ["keeps: existing survives", "takes_state: inserted == 5", "undefined_here: undefined"])
        // A check without a name keeps none, and `by` is optional.
        let plain = try XCTUnwrap(load(scenario("expect refuted", "render { Counter(state: 0) @a }\ncheck a appears")).scenarios.first)
        XCTAssertEqual(plain.refutedBy, [])
        XCTAssertNil(plain.steps.last?.name)
    }

    /// A label may be spelt like a check name, and `undefined` may be a check's name: the colon
    /// after the first word is what makes it a name.
    func testANameIsTheWordBeforeAColon() throws {
        let body = """
            render { Counter(state: 0) @undefined }
            check undefined: undefined appears
            check undefined survives
            """
        let result = load(scenario("expect refuted by undefined", body))
        XCTAssertEqual(headlines(result.diagnostics), [])
        let steps = try XCTUnwrap(result.scenarios.first).steps
        XCTAssertEqual(steps[1].name?.value, "undefined")
        XCTAssertEqual(steps[1].checkText, "undefined appears")
        XCTAssertNil(steps[2].name)
        XCTAssertEqual(steps[2].checkText, "undefined survives")
    }

    func testBadNamesAfterByAreErrorsAtTheirPlace() {
        let unknown = load(scenario("expect refuted by take_state", insertion))
        XCTAssertEqual(headlines(unknown.diagnostics), [
            "test.lemma:2:60: error: no check of scenario 'S' is named 'take_state'; did you mean 'takes_state'? [E050]",
        ])
        XCTAssertEqual(unknown.scenarios.count, 0)
        // A label is not a check name.
        let label = load(scenario("expect refuted by inserted", insertion))
        XCTAssertEqual(label.diagnostics.map(\.id), [.unknownCheckName])
        let holds = load(scenario("expect holds by keeps", insertion))
        XCTAssertEqual(holds.diagnostics.map(\.id), [.unknownCheckName])
        let twice = load(scenario("expect refuted", insertion + "\ncheck keeps: inserted appears"))
        XCTAssertEqual(headlines(twice.diagnostics), ["test.lemma:9:7: error: check name 'keeps' is given twice [E039]"])
        let inLemma = load(lemma("forall p: path in before\nshow p.length > 0").replacingOccurrences(of: "expect holds", with: "expect refuted by x"))
        XCTAssertEqual(inLemma.diagnostics.map(\.id), [.unknownCheckName])
        XCTAssertEqual(inLemma.lemmas.count, 0)
    }
}
