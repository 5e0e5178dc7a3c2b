import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// Inputs meant to break the analyzer or slip a finding through: each must give a diagnostic or
/// the right findings, never a crash or a finding the model did not show.
final class HostileInputTests: XCTestCase {
    func testSyntaxErrorIsADiagnosticWithItsPlace() {
        let report = FixtureSupport.analyze(source: "struct A: View {\n    var body: some View {\n        Text(\"x\"\n    }\n")
        XCTAssertEqual(report.diagnostics.map(\.id), [.syntax])
        XCTAssertEqual(report.diagnostics.first?.site.file, "Test.swift")
    }

    func testSuppressionWithoutAReasonDoesNotSilence() {
        let source = """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                @Binding var c: Bool
                var body: some View {
                    // swiftui-identity-lint: ignore SIL001
                    if c { P().padding(1) } else { P() }
                }
            }
            """
        let report = FixtureSupport.analyze(source: source)
        XCTAssertEqual(report.diagnostics.map(\.id), [.suppression])
        XCTAssertEqual(report.located, [Expected(rule: "SIL001", line: 6, column: 9)])
        let unknown = FixtureSupport.analyze(source: source.replacingOccurrences(of: "ignore SIL001", with: "ignore SIL999 because x"))
        XCTAssertEqual(unknown.diagnostics.map(\.id), [.suppression])
        let silenced = FixtureSupport.analyze(source: source.replacingOccurrences(of: "ignore SIL001", with: "ignore SIL001 because the toggle is rare"))
        XCTAssertEqual(silenced.diagnostics, [])
        XCTAssertEqual(silenced.findings, [])
        XCTAssertEqual(silenced.suppressed.map(\.rule), [.conditionalModifier])
        // A suppression of another rule silences nothing.
        let other = FixtureSupport.analyze(source: source.replacingOccurrences(of: "ignore SIL001", with: "ignore SIL006 because y"))
        XCTAssertEqual(other.located, [Expected(rule: "SIL001", line: 6, column: 9)])
    }

    /// A view with no state in either arm: the model shows no state lost, so nothing is reported
    /// even though the arms differ only by a modifier (a pattern-only lint would flag it).
    func testConditionalModifierWithoutStateIsNotReported() {
        let report = FixtureSupport.analyze(source: """
            struct E: View {
                @Binding var c: Bool
                var body: some View { if c { Text("a").bold() } else { Text("a") } }
            }
            """)
        XCTAssertEqual(report.findings, [])
    }

    /// State held by a grandchild counts: the parent in both arms carries it.
    func testStateBelowAChildViewIsSeen() {
        let report = FixtureSupport.analyze(source: """
            struct Leaf: View { @State var s = 0; var body: some View { Text("") } }
            struct Middle: View { var body: some View { Leaf() } }
            struct Top: View {
                @Binding var c: Bool
                var body: some View { if c { Middle().padding() } else { Middle() } }
            }
            """)
        XCTAssertEqual(report.located, [Expected(rule: "SIL001", line: 5, column: 27)])
    }

    /// Constructs the lowering does not know are opaque nodes, counted, and never hold state.
    func testUnknownConstructsAreCountedAsOpaque() {
        let report = FixtureSupport.analyze(source: """
            struct A: View {
                var body: some View {
                    VStack {
                        makeSomething()
                        Text("x")
                    }
                }
            }
            struct B: View { var body: some View { Text("y") } }
            """)
        XCTAssertEqual(report.statistics.bodies, 2)
        XCTAssertEqual(report.statistics.bodiesFullyLowered, 1)
        XCTAssertEqual(report.statistics.opaqueConstructs, ["call of a function": 1])
    }

    func testDeepNestingAndRecursiveHelpersDoNotCrash() {
        // 300 modifiers: Swift parses them, the model's nesting limit (256) refuses the render, so
        // the `.id(UUID())` below them is not claimed as a finding: the model did not show it.
        let chain = "P().id(UUID())" + String(repeating: ".padding()", count: 300)
        let report = FixtureSupport.analyze(source: """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct A: View {
                var body: some View { \(chain) }
                var loop: some View { loop }
            }
            struct B: View { var body: some View { helper }
                var helper: some View { helper } }
            """)
        XCTAssertEqual(report.findings, [])
        XCTAssertEqual(report.statistics.bodies, 3)
        XCTAssertEqual(report.statistics.bodiesNotChecked.count, 1, "the 300-modifier body is beyond RenderParser's nesting")
        // 300 nested stacks are beyond Swift's parser: a diagnostic, no crash.
        let deep = String(repeating: "VStack { ", count: 300) + "Text(\"x\")" + String(repeating: " }", count: 300)
        let tooDeep = FixtureSupport.analyze(source: "struct C: View { var body: some View { \(deep) } }")
        XCTAssertEqual(tooDeep.diagnostics.map(\.id), [.syntax])
    }

    func testEmptyAndNonViewFiles() {
        XCTAssertEqual(FixtureSupport.analyze(source: "").statistics.bodies, 0)
        XCTAssertEqual(FixtureSupport.analyze(source: "struct NotAView { var body: Int { 1 } }").statistics.bodies, 0)
    }
}

extension HostileInputTests {
    /// A helper built twice in one body is one construct in the source: one finding.
    func testAHelperUsedTwiceIsReportedOnce() {
        let report = FixtureSupport.analyze(source: """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                @Binding var c: Bool
                var body: some View {
                    VStack {
                        pane
                        pane
                    }
                }
                @ViewBuilder var pane: some View {
                    if c { P().padding() } else { P() }
                }
            }
            """)
        XCTAssertEqual(report.located, [Expected(rule: "SIL001", line: 11, column: 9)])
    }

    /// A switch over three cases with the same stateful view in two of them: the model's nested
    /// conditionals give them different arms.
    func testSwitchCasesAreArms() {
        let report = FixtureSupport.analyze(source: """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            enum Mode { case a, b, c }
            struct E: View {
                @Binding var mode: Mode
                var body: some View {
                    switch mode {
                    case .a: P()
                    case .b: Text("b")
                    case .c: P()
                    }
                }
            }
            """)
        XCTAssertEqual(report.located.map(\.rule), ["SIL006"])
        XCTAssertTrue(report.findings.first?.counterexample.after.contains("if false { P(state: 0) @paired0 } else { if true { Text } else { P(state: 0) @paired0 } }") == false)
        XCTAssertTrue(report.findings.first?.counterexample.after.contains("if false { Text } else { P(state: 0) @paired0 }") == true, report.findings.first?.counterexample.after ?? "")
    }
}

extension HostileInputTests {
    /// A closure that captures nothing compares equal under the runtime's bitwise reading (seed
    /// 003): the model says the child is skipped, so nothing is reported.
    func testAnEmptyClosureIsNotReported() {
        let source = """
            struct Row: View { let onTap: () -> Void; var body: some View { Text("") } }
            struct List2: View {
                @State var n = 0
                var body: some View { Row(onTap: { }) }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings, [])
        let capturing = source.replacingOccurrences(of: "{ }", with: "{ n += 1 }")
        XCTAssertEqual(FixtureSupport.analyze(source: capturing).located, [Expected(rule: "SIL011", line: 4, column: 27)])
    }
}

extension HostileInputTests {
    /// Two arms that build the same helper (the same modifiers inside) differ by arguments, not by
    /// modifiers: SIL006, not Finding 1's SIL001; the switch is named as a switch.
    func testSameHelperInTwoCasesIsNotAConditionalModifier() {
        let report = FixtureSupport.analyze(source: """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            enum Phase { case loading, failed }
            struct E: View {
                @Binding var phase: Phase
                var body: some View {
                    switch phase {
                    case .loading: surface(1)
                    case .failed: surface(2)
                    }
                }
                func surface(_ n: Int) -> some View { P().padding() }
            }
            """)
        XCTAssertEqual(report.located.map(\.rule), ["SIL006"])
        XCTAssertTrue(report.findings.first?.message.contains("`switch phase, case .loading:`") == true, report.findings.first?.message ?? "")
    }
}

extension HostileInputTests {
    /// A @ViewBuilder closure the child calls in its `init` is kept as a view, not a closure: the
    /// model is never asked about a closure, and nothing is reported.
    func testAViewBuilderClosureKeptAsAViewIsNotAClosure() {
        let source = """
            struct Pane<Header: View>: View {
                private let header: Header
                init(@ViewBuilder header: () -> Header) { self.header = header() }
                var body: some View { header }
            }
            struct Screen: View {
                @State var n = 0
                var body: some View { Pane(header: { Text("\\(n)") }) }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings, [])
        let kept = source.replacingOccurrences(of: "private let header: Header", with: "private let header: () -> Header")
            .replacingOccurrences(of: "self.header = header()", with: "self.header = header")
            .replacingOccurrences(of: "header: () -> Header) {", with: "header: @escaping () -> Header) {")
            .replacingOccurrences(of: "var body: some View { header }", with: "var body: some View { header() }")
        XCTAssertEqual(FixtureSupport.analyze(source: kept).located.map(\.rule), ["SIL011"])
    }
}
