import IdentityModel
import Invalidation
import XCTest

/// The evaluator's identities agree with IdentityModel's dynamic layer: the steps `RuntimeState`
/// walks to the stateful `Row` labelled `row` give, below the parent's identity, the identity `RuntimeState` computes,
/// and the evaluator calls the row new exactly when `RuntimeState` does not say it survives.
final class IdentityAgreementTests: XCTestCase {
    private let row = Render.stateful("Row", initialValue: 0, label: "row")

    /// Renders `first` then `second` in `RuntimeState` and in the evaluator (with the steps of the
    /// view labelled `label` taken from `RuntimeState`), and checks that both agree on identity and
    /// survival.
    private func assertAgreement(
        _ first: Render, _ second: Render, _ rules: RuleSet, survives: Bool, label: String = "row",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var runtime = RuntimeState(rules: rules)
        let reports = [try runtime.render(first), try runtime.render(second)]
        let paths = try reports.map { report in
            try XCTUnwrap(report.view(labelled: label)?.path, file: file, line: line)
        }
        let rowValue = ViewValue("Row", [StoredProperty("n", .plain(1))])
        let trees = paths.map { path in
            ViewNode("root", value: ViewValue("Root", hasState: true), children: [ViewNode("row", steps: path.steps, value: rowValue)])
        }
        var after = trees[1]
        after.stateChange = .changedRead
        let events = BodyEvaluator(identityRules: rules).evaluate(before: trees[0], after: after)
        let rowEvent = try XCTUnwrap(events.last, file: file, line: line)
        XCTAssertEqual(rowEvent.identity.elements, [.type("Root")] + paths[1].identity.elements, file: file, line: line)
        XCTAssertEqual(reports[1].outcome(of: label) == .survives, survives, file: file, line: line)
        XCTAssertEqual(rowEvent.reason == .newIdentity, !survives, "\(rowEvent)", file: file, line: line)
    }

    func testAnOptionalBeforeTheRowDoesNotChangeItsIdentity() throws {
        let absent = Render.container(.VStack, .tuple([.optional(.leaf(.text), nil), row]))
        let present = Render.container(.VStack, .tuple([.optional(.leaf(.text), .leaf(.text)), row]))
        try assertAgreement(absent, present, .runtime, survives: true)
    }

    func testANewIDIsANewView() throws {
        try assertAgreement(.explicitID(0, row), .explicitID(1, row), .runtime, survives: false)
        try assertAgreement(.explicitID(0, row), .explicitID(0, row), .runtime, survives: true)
    }

    func testFlippingArmsIsANewView() throws {
        let then = Render.conditional(arm: true, active: row, inactive: row.program, readsTwice: false, transient: false)
        let otherwise = Render.conditional(arm: false, active: row, inactive: row.program, readsTwice: false, transient: false)
        try assertAgreement(then, otherwise, .runtime, survives: false)
    }

    func testAnyViewFollowsTheIdentityRuleSet() throws {
        try assertAgreement(.anyView(row), .anyView(row), .runtime, survives: true)
        try assertAgreement(.anyView(row), .anyView(row), .documented, survives: false)
    }

    /// `AnyView(AnyView(Row))` ⇄ `AnyView(Row)`: one erasure of `Row` where `AnyView.init` unwraps (R5),
    /// two layers in the old model; the evaluator follows the identity rule set either way.
    func testNestedAnyViewFollowsTheIdentityRuleSet() throws {
        try assertAgreement(.anyView(.anyView(row)), .anyView(row), .runtime, survives: true)
        try assertAgreement(.anyView(.anyView(row)), .anyView(row), .anyViewLayered, survives: false)
        try assertAgreement(.anyView(.anyView(row)), .anyView(.anyView(row)), .anyViewLayered, survives: true)
        try assertAgreement(.anyView(.anyView(row)), .anyView(row), .runtime.mutated(.anyViewNotUnwrapped), survives: false)
    }

    func testAForEachRowKeepsItsIdentityWhenItMoves() throws {
        func list(_ keys: [Key]) -> Render {
            .forEach(.identifiable, content: row.program, rows: keys.map { ForEachRow(key: $0, content: row) })
        }
        try assertAgreement(list([5, 6]), list([6, 5]), .runtime, survives: true, label: "row[5]")
        try assertAgreement(list([5]), list([6, 5]), .runtime, survives: true, label: "row[5]")
        try assertAgreement(list([5]), list([6, 5]), .runtime.mutated(.forEachByOffset), survives: false, label: "row[5]")
    }
}
