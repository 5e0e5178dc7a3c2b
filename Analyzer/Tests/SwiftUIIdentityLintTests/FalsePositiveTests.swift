import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// The corpus's false positives (CORPUS.md): names resolved by scope, a closure's captures, and
/// SIL006/SIL007 graded by whether the user sees the lost or stale state. Each fixture reported
/// otherwise before the change.
final class FalsePositiveTests: XCTestCase {
    private func check(_ name: String, _ expected: [Expected], file: StaticString = #filePath, line: UInt = #line) throws -> AnalysisReport {
        let report = try FixtureSupport.analyze(name)
        XCTAssertEqual(report.diagnostics, [], name, file: file, line: line)
        XCTAssertEqual(report.located, expected, name, file: file, line: line)
        return report
    }

    private func levels(_ report: AnalysisReport) -> [Rule.Level] { report.findings.map(\.level) }

    /// A helper's parameter reads what its call sites pass; a closure's parameter and a local
    /// `let` of a fixed value shadow the `@State` of the same name.
    func testNamesAreResolvedByScope() throws {
        _ = try check("Scope/SIL006-positive.swift", [Expected(rule: "SIL006", line: 19, column: 9)])
        _ = try check("Scope/SIL006-negative.swift", [])
        _ = try check("Scope/SIL006-fixed.swift", [])
    }

    /// Hostile scopes: a local bound from the state, `if let` and `guard let` from it, a `for`
    /// over it and a `case let` from it all still read it.
    func testALocalBoundFromStateStillVaries() {
        let forms = [
            "let m = mode\n if m == 0 { P(); Text(\"a\") } else { P() }",
            "if let m = optional { if m == 0 { P(); Text(\"a\") } else { P() } }",
            "switch choice { case .some(let m): if m == 0 { P(); Text(\"a\") } else { P() }\n default: Text(\"\") }",
        ]
        for form in forms {
            let source = """
                struct P: View { @State var s = 0; var body: some View { Text("") } }
                struct E: View {
                    @State private var mode = 0
                    @State private var optional: Int? = 0
                    @State private var choice: Int? = 0
                    var body: some View {
                        \(form)
                    }
                }
                """
            XCTAssertEqual(FixtureSupport.analyze(source: source).findings.map(\.rule), [.statefulViewInBothArms], form)
        }
    }

    /// A closure literal passed as an argument does not make the child's property vary; what the
    /// closure returns does.
    func testAClosureVariesByWhatItReturnsNotByBeingThere() throws {
        let positive = try check("Closure/SIL001-positive.swift", [Expected(rule: "SIL001", line: 12, column: 9), Expected(rule: "SIL011", line: 23, column: 9)])
        XCTAssertEqual(levels(positive), [.warning, .warning])
        _ = try check("Closure/SIL001-negative.swift", [Expected(rule: "SIL011", line: 23, column: 9)])
        _ = try check("Closure/SIL001-fixed.swift", [Expected(rule: "SIL011", line: 18, column: 9)])
    }

    /// A method passed as the closure is a function value too: its presence is fixed.
    func testAMethodPassedAsAClosureDoesNotVaryItsPresence() {
        let source = """
            struct Art: View { @State var s = 0; var body: some View { Text("") } }
            struct Card: View {
                let onTap: (() -> Void)?
                var body: some View { if onTap == nil { Art() } else { Art().padding(2) } }
            }
            struct Grid: View {
                @State private var selected = 0
                var body: some View { Card(onTap: open) }
                private func open() { selected += 1 }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings.map(\.rule), [])
        // A value computed by a method of the state still varies.
        let value = source.replacingOccurrences(of: "let onTap: (() -> Void)?", with: "let onTap: Int?")
            .replacingOccurrences(of: "Card(onTap: open)", with: "Card(onTap: count())")
            .replacingOccurrences(of: "private func open() { selected += 1 }", with: "private func count() -> Int? { selected == 0 ? nil : selected }")
        XCTAssertEqual(FixtureSupport.analyze(source: value).findings.map(\.rule), [.conditionalModifier])
    }

    /// SIL006 is a warning when the lost state is the user's, a note when nothing the user entered
    /// is lost; no finding once the view is built once.
    func testSIL006IsGradedByUserEnteredState() throws {
        XCTAssertEqual(levels(try check("Grading/SIL006-warning.swift", [Expected(rule: "SIL006", line: 12, column: 9)])), [.warning])
        XCTAssertEqual(levels(try check("Grading/SIL006-note.swift", [Expected(rule: "SIL006", line: 16, column: 9)])), [.note])
        _ = try check("Grading/SIL006-fixed.swift", [])
    }

    /// A spinner holding a view that keeps user input is not a spinner: the grade follows what the
    /// lost subtree holds, and a type the files do not declare counts as user state.
    func testSIL006NoteNeedsNoUserStateBelow() {
        let source = """
            struct Field: View { @State private var t = ""; var body: some View { TextField("", text: $t) } }
            struct Spinner: View {
                @State private var on = false
                var body: some View { VStack { Field() }.onAppear { on = true } }
            }
            struct Panel: View {
                @State private var compact = false
                var body: some View { if compact { Spinner() } else { VStack { Text(""); Spinner() } } }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings.map(\.level), [.warning])
        let tapped = source.replacingOccurrences(of: "VStack { Field() }.onAppear { on = true }", with: "Text(\"\").onTapGesture { on = true }")
        XCTAssertEqual(FixtureSupport.analyze(source: tapped).findings.map(\.level), [.warning])
    }

    /// SIL007 is a warning when the view only shows the seeded value, a note when it writes the
    /// state itself (a countdown, a draft).
    func testSIL007IsGradedByWhetherTheViewWritesTheState() throws {
        XCTAssertEqual(levels(try check("Grading/SIL007-warning.swift", [Expected(rule: "SIL007", line: 6, column: 24)])), [.warning])
        XCTAssertEqual(levels(try check("Grading/SIL007-note.swift", [Expected(rule: "SIL007", line: 6, column: 27)])), [.note])
        _ = try check("Grading/SIL007-fixed.swift", [])
    }

    /// A field of a value written edits the seeded state (a note); a field of an object held in
    /// `@State` does not replace the object seeded (still a warning).
    func testSIL007FieldWritesOfAnObjectAreNotWritesOfTheState() {
        let source = """
            @Observable final class Model { var title = "" }
            struct Draft { var title = "" }
            struct Detail: View {
                @State private var model: Model
                init(model: Model) { _model = State(initialValue: model) }
                var body: some View { Button(model.title) { model.title = "x" } }
            }
            struct Screen: View {
                @State private var current = Model()
                var body: some View { Detail(model: current); Button("New") { current = Model() } }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings.map(\.level), [.warning])
        let value = source.replacingOccurrences(of: "@State private var model: Model", with: "@State private var model: Draft")
            .replacingOccurrences(of: "init(model: Model)", with: "init(model: Draft)")
            .replacingOccurrences(of: "current = Model()", with: "current = Draft()")
        XCTAssertEqual(FixtureSupport.analyze(source: value).findings.map(\.level), [.note])
    }

    /// The level reaches SARIF and the text report.
    func testTheLevelIsWhatTheReportsSay() throws {
        let report = try FixtureSupport.analyze("Grading/SIL006-note.swift")
        let sarif = try JSONSerialization.jsonObject(with: SARIFOutput.data(report)) as? [String: Any]
        let runs = try XCTUnwrap(sarif?["runs"] as? [[String: Any]])
        let results = try XCTUnwrap(runs.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["note"])
        XCTAssertTrue(TextReport.render(report).contains(": note[SIL006"), TextReport.render(report))
    }
}
