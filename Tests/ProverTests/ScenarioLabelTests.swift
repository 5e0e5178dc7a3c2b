import IdentityModel
import LemmaLanguage
import XCTest

@testable import Prover
@testable import Scenarios

/// How a label follows a view across renders (Lemmas/README.md, "What a check means"): a label
/// names the view it is written on in each render, and a check compares that view's identity with
/// the previous render's identities and store. These pin the three cases where a reader could
/// expect otherwise: swaps, moves between slots, and rows whose key changes.
final class ScenarioLabelTests: XCTestCase {
    /// Runs a scenario whose body is `body` under `rules` and returns its failures (empty: every
    /// check passed: each `file:line:col` and what it found) and its number of passed checks.
    private func run(_ body: String, rules: String = "runtime") throws -> (failures: [String], findings: [FailedCheck.Finding], passed: Int) {
        let text = "scenario S {\n  summary \"s\"; source R2; rules \(rules); expect holds\n\(body)\n}\n"
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: text)])
        XCTAssertEqual(result.diagnostics.map(\.message), [])
        let scenario = try XCTUnwrap(result.scenarios.first)
        let run = ScenarioRunner(rules: try XCTUnwrap(RuleSet.named(rules)), file: "S.lemma").run(scenario)
        XCTAssertNil(run.error)
        return (run.failures.map { "\($0.file):\($0.line):\($0.column)" }, run.failures.map(\.found), run.passed)
    }

    func testASwapComparesEachLabelledViewWithTheSlotItNowHolds() throws {
        // `a` moves to slot 1: its view there has slot 1's identity, which `b` had, with b's state.
        let swapped = try run(
            """
            render { VStack { Counter(state: 0) @a; Counter(state: 0) @b } }
            set a = 1
            set b = 2
            render { VStack { Counter(state: 0) @b; Counter(state: 0) @a } }
            check a survives
            check a == 2
            check b survives
            check b == 1
            """)
        XCTAssertEqual(swapped.failures, [])
        XCTAssertEqual(swapped.passed, 4)
    }

    func testASwapOfKeyedRowsKeepsEachRowsState() throws {
        let swapped = try run(
            """
            render { VStack { ForEach([1, 2]) { Counter(state: 0) @row } } }
            set row[1] = 1
            set row[2] = 2
            render { VStack { ForEach([2, 1]) { Counter(state: 0) @row } } }
            check row[1] survives
            check row[1] == 1
            check row[2] == 2
            """)
        XCTAssertEqual(swapped.failures, [])
        XCTAssertEqual(swapped.passed, 3)
    }

    func testAMoveToAnotherSlotResetsOnlyWhereAViewOfItsTypeWas() throws {
        // The label moves from slot 0's `if` to slot 1's: another identity at the same rendered
        // address and of the same type, so the check says `resets` (not `appears`), and its state
        // starts again. A view of another type at that address does not count: `appears`.
        let moved = try run(
            """
            render { VStack { if true { Counter(state: 0) @c }; if false { Counter(state: 0) @d } } }
            set c = 5
            render { VStack { if false { Counter(state: 0) @d }; if true { Counter(state: 0) @c } } }
            check c resets
            check c == 0
            """)
        XCTAssertEqual(moved.failures, [])
        let movedAway = try run(
            """
            render { VStack { Text; if true { Counter(state: 0) @c }; if false { Toggle(state: 0) @t } } }
            set c = 5
            render { VStack { Text; if false { Counter(state: 0) @c }; if true { Toggle(state: 0) @t } } }
            check c removed
            check t appears
            render { VStack { Text; if true { Counter(state: 0) @c }; if false { Toggle(state: 0) @t } } }
            check c appears
            check c == 0
            """)
        XCTAssertEqual(movedAway.failures, [])
        XCTAssertEqual(movedAway.passed, 4)
    }

    func testARowWhoseKeyChangesIsAnotherLabel() throws {
        // `row[1]` and `row[9]` are different labels: after the key changes, the old label is
        // removed and the new one has a new identity at the old row's address.
        let rekeyed = try run(
            """
            render { VStack { ForEach([1, 2]) { Counter(state: 0) @row } } }
            set row[1] = 4
            render { VStack { ForEach([9, 2]) { Counter(state: 0) @row } } }
            check row[1] removed
            check row[9] resets
            check row[9] == 0
            check row[2] survives
            """)
        XCTAssertEqual(rekeyed.failures, [])
        XCTAssertEqual(rekeyed.passed, 4)
    }

    func testAWrongExpectationFailsWithWhatWasFound() throws {
        let wrong = try run(
            """
            render { VStack { Counter(state: 0) @a; Counter(state: 0) @b } }
            set a = 1
            render { VStack { Counter(state: 0) @b; Counter(state: 0) @a } }
            check a == 1
            check b appears
            """)
        XCTAssertEqual(wrong.failures, ["S.lemma:6:1", "S.lemma:7:1"])
        XCTAssertEqual(wrong.findings, [.value(label: "a", found: 0, expected: 1), .outcome(label: "b", found: "survives", expected: "appears")])
        XCTAssertEqual(wrong.passed, 0)
    }
}
