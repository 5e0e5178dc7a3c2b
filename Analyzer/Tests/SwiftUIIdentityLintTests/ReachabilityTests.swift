import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// The corpus's fourth pass (CORPUS.md): a finding needs its premise reachable in the app: two arms
/// with the same content, a parent update that keeps the child, a call that passes a changing
/// value, an element edited in place. Each negative was reported before the change (the shape of
/// a corpus false positive, rewritten); each positive is the true hazard of the same shape that
/// must still be reported.
final class ReachabilityTests: XCTestCase {
    private func check(_ name: String, _ expected: [Expected], file: StaticString = #filePath, line: UInt = #line) throws {
        let report = try FixtureSupport.analyze("Precision/" + name)
        XCTAssertEqual(report.diagnostics, [], name, file: file, line: line)
        XCTAssertEqual(report.located, expected, name, file: file, line: line)
    }

    /// SIL006: arms passing different data (another picture, another list's rows) are different
    /// content; arms differing by a literal, an enum case or a container are the same content.
    func testSIL006NeedsTheSameContentInBothArms() throws {
        try check("SIL006-content-negative.swift", [])
        try check("SIL006-content-positive.swift", [
            Expected(rule: "SIL006", line: 17, column: 9), Expected(rule: "SIL006", line: 31, column: 9),
            Expected(rule: "SIL006", line: 45, column: 9),
        ])
    }

    /// SIL011: not when every change of the parent's state removes the child (a switch case
    /// without payload, a `Bool`); still when a payload, a range of values, another state or a
    /// closure the parent keeps (its caller re-runs it) keeps it.
    func testSIL011NeedsAnUpdateThatKeepsTheChild() throws {
        try check("SIL011-pinned-negative.swift", [])
        try check("SIL011-pinned-positive.swift", [
            Expected(rule: "SIL011", line: 15, column: 13), Expected(rule: "SIL011", line: 28, column: 13),
            Expected(rule: "SIL011", line: 40, column: 13), Expected(rule: "SIL011", line: 52, column: 13),
        ])
    }

    /// SIL001/SIL006: a render taking different arms of two conditionals with the same conjuncts
    /// (one a computed property of the other's) never happens; a condition that says more does.
    func testCorrelatedConditionsTakeTheSameArm() throws {
        try check("SIL001-correlated-negative.swift", [])
        try check("SIL001-correlated-positive.swift", [Expected(rule: "SIL001", line: 15, column: 9)])
    }

    /// The same text is not the same condition when it reads a helper's parameter: the helper
    /// inlined at two places reads two values, so both renders can happen.
    func testAHelpersParameterIsNotTheSameConditionTwice() {
        let source = """
            struct Feed: View { @State private var n = 0; var body: some View { Text("") } }
            struct Gallery: View {
                @State private var a = false
                @State private var b = false
                var body: some View {
                    if a { panel(b) } else { panel(b).padding() }
                }
                @ViewBuilder
                private func panel(_ a: Bool) -> some View {
                    if a { Feed() } else { Text("off") }
                }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings.map(\.rule), [.conditionalModifier])
    }

    /// A preview's host view is never updated by the app; a view merely named `Preview` is.
    func testAPreviewsHostIsNotChecked() throws {
        try check("SIL011-preview-negative.swift", [])
        try check("SIL011-preview-positive.swift", [Expected(rule: "SIL011", line: 12, column: 27)])
    }

    /// SIL007: a `let` of an object the caller holds and never replaces is the same value; a `var`
    /// of it, or a `let` of an object the caller replaces, changes.
    func testSIL007ALetOfAHeldObjectIsFixed() throws {
        try check("SIL007-constant-negative.swift", [])
        try check("SIL007-constant-positive.swift", [Expected(rule: "SIL007", line: 15, column: 22), Expected(rule: "SIL007", line: 21, column: 28)])
    }

    /// The object's type may come from `@Environment(T.self)` or an initializer `T(…)` instead of
    /// an annotation: its `let` is fixed all the same, its `var` is not.
    func testSIL007TheHeldObjectsTypeWithoutAnnotation() throws {
        let path = FixtureSupport.path("Precision/SIL007-constant-negative.swift")
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let environment = source.replacingOccurrences(
            of: "@State private var model: HomeModel\n    init(link: any Link) { _model = State(initialValue: HomeModel(link: link)) }",
            with: "@Environment(HomeModel.self) private var model")
        XCTAssertNotEqual(environment, source)
        XCTAssertEqual(FixtureSupport.analyze(source: environment).findings.map(\.rule), [])
        let initialized = source.replacingOccurrences(
            of: "@State private var model: HomeModel\n    init(link: any Link) { _model = State(initialValue: HomeModel(link: link)) }",
            with: "@State private var model = HomeModel(link: Wire())")
            + "\nstruct Wire: Link {}\n"
        XCTAssertEqual(FixtureSupport.analyze(source: initialized).findings.map(\.rule), [])
        let variable = environment.replacingOccurrences(of: "TrainingPreview(link: model.link)", with: "TrainingPreview(link: model.day)")
            .replacingOccurrences(of: "init(link: any Link) { _model = State(initialValue: PreviewModel(link: link)) }", with: "init(link: Int) { _model = State(initialValue: PreviewModel(day: link)) }")
            .replacingOccurrences(of: "@Observable final class PreviewModel {\n    let link: any Link\n    init(link: any Link) { self.link = link }", with: "@Observable final class PreviewModel {\n    let day: Int\n    init(day: Int) { self.day = day }")
        XCTAssertEqual(FixtureSupport.analyze(source: variable).findings.map(\.rule), [.stateSeededFromInit])
    }

    /// SIL002: a `@State` array of plain values written only as a whole has no element edited in
    /// place; a subscript write or a binding to it has.
    func testSIL002NeedsAnElementEditedInPlace() throws {
        try check("SIL002-values-negative.swift", [])
        try check("SIL002-values-positive.swift", [Expected(rule: "SIL002", line: 14, column: 9), Expected(rule: "SIL002", line: 24, column: 9)])
    }

    /// A plain-valued array whose type is not written, or an element type of the app's own, stays
    /// reported: the analyzer cannot see that its elements never change in place.
    func testSIL002StaysWhereTheElementIsNotKnownPlain() {
        let source = """
            struct Row: View { let v: Item; @State private var on = false; var body: some View { Text("") } }
            struct Item: Hashable { var title: String }
            struct L: View {
                @State private var items: [Item] = []
                var body: some View { ForEach(items, id: \\.self) { Row(v: $0) } }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings.map(\.rule), [.selfKeyedMutableRows])
        // An enum of the files has no field: written only as a whole, no element changes in place.
        let enumRows = source.replacingOccurrences(of: "struct Item: Hashable { var title: String }", with: "enum Item: Hashable { case a, b }")
        XCTAssertEqual(FixtureSupport.analyze(source: enumRows).findings.map(\.rule), [])
        let written = enumRows.replacingOccurrences(of: "ForEach(items", with: "Button(\"\") { items[0] = .b }; ForEach(items")
        XCTAssertEqual(FixtureSupport.analyze(source: written).findings.map(\.rule), [.selfKeyedMutableRows])
    }

    /// SIL002 over Realm objects: one with a primary key and Realm's equality keeps its key when a
    /// field is edited; one without a primary key, or with a `hash`/`isEqual` of its own, does not.
    func testSIL002RealmObjectsKeyedByTheirPrimaryKey() throws {
        try check("SIL002-realm-negative.swift", [])
        try check("SIL002-realm-positive.swift", [Expected(rule: "SIL002", line: 26, column: 9), Expected(rule: "SIL002", line: 35, column: 9)])
        // Not a Realm `Object` (an embedded object has no primary key of its own): reported.
        let path = FixtureSupport.path("Precision/SIL002-realm-negative.swift")
        let embedded = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "class Book: Object, ObjectKeyIdentifiable", with: "class Book: EmbeddedObject")
        XCTAssertEqual(FixtureSupport.analyze(source: embedded).findings.map(\.rule), [.selfKeyedMutableRows, .selfKeyedMutableRows])
    }

    /// SIL007 through a caller's `@State` written only by an action in the other arm of the `if`
    /// around the call: the callee is made anew with each value. Written where the call is shown,
    /// later (a `Task`, a closure another type keeps), as the call's arm appears (`.onDisappear`),
    /// by a method, through a binding, or in the other arm of another row: the callee can see a
    /// second value. Reported.
    func testSIL007AStateWrittenOnlyWhereTheCallIsNotShown() throws {
        try check("SIL007-pinned-negative.swift", [])
        let seed = Expected(rule: "SIL007", line: 17, column: 33)
        try check("SIL007-pinned-positive.swift", [seed])
        let source = try String(contentsOfFile: FixtureSupport.path("Precision/SIL007-pinned-negative.swift"), encoding: .utf8)
        let write = "                project = Project(path: \"/tmp\")\n"
        let variants: [(String, String)] = [
            ("a Task", write.replacingOccurrences(of: "project =", with: "Task { project =").replacingOccurrences(of: ")\n", with: ") }\n")),
            ("onDisappear", write + "            }\n            .onDisappear { project = Project(path: \"/b\")\n"),
            ("a binding", write + "                _ = $project\n"),
            ("a closure another type keeps", "                _ = Keeper(onDone: { project = Project(path: \"/tmp\") })\n"),
        ]
        for (name, replacement) in variants {
            let variant = source.replacingOccurrences(of: write, with: replacement)
            XCTAssertNotEqual(variant, source, name)
            XCTAssertEqual(FixtureSupport.analyze(source: variant).findings.map(\.rule), [.stateSeededFromInit], name)
        }
        let method = source.replacingOccurrences(of: write, with: "                open()\n")
            .replacingOccurrences(of: "    var body: some View {\n        if isOpened", with: "    private func open() { project = Project(path: \"/c\") }\n    var body: some View {\n        if isOpened")
        XCTAssertEqual(FixtureSupport.analyze(source: method).findings.map(\.rule), [.stateSeededFromInit], "a method")
        let rows = source.replacingOccurrences(of: "        if isOpened {", with: "        ForEach(0..<2, id: \\.self) { _ in if isOpened {")
            .replacingOccurrences(of: "        }\n    }\n}\n", with: "        } }\n    }\n}\n")
        XCTAssertNotEqual(rows, source)
        XCTAssertEqual(FixtureSupport.analyze(source: rows).findings.map(\.rule), [.stateSeededFromInit], "rows")
    }
}
