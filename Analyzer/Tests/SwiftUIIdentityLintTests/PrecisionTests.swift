import IdentityModel
import SwiftUIIdentityLint
import XCTest

/// Issue 24's precision: a finding's change must be one that happens at run time (`Variation`),
/// one SIL011 finding per child call, and the containers and `#if` the corpus uses lowered.
final class PrecisionTests: XCTestCase {
    private func check(_ name: String, _ expected: [Expected], file: StaticString = #filePath, line: UInt = #line) throws -> AnalysisReport {
        let report = try FixtureSupport.analyze(name)
        XCTAssertEqual(report.diagnostics, [], name, file: file, line: line)
        XCTAssertEqual(report.located, expected, name, file: file, line: line)
        return report
    }

    /// A `let` condition is a hazard only where a call site passes a varying value: constants, an
    /// injected dependency nothing observes and a row's element give no finding.
    func testSIL006OnlyWhenACallSitePassesAVaryingValue() throws {
        _ = try check("Variation/SIL006-positive.swift", [Expected(rule: "SIL006", line: 11, column: 9)])
        _ = try check("Variation/SIL006-negative.swift", [])
        _ = try check("Variation/SIL006-fixed.swift", [])
    }

    /// SIL007 names the call site that passes the varying value; constants and dependencies are
    /// initial values meant as such.
    func testSIL007NamesTheVaryingCallSite() throws {
        let report = try check("Variation/SIL007-positive.swift", [Expected(rule: "SIL007", line: 7, column: 9)])
        let message = try XCTUnwrap(report.findings.first?.message)
        XCTAssertTrue(message.contains("SIL007-positive.swift:18:13"), message)
        XCTAssertFalse(message.contains(":17:"), "the constant call site is not the varying one: \(message)")
        _ = try check("Variation/SIL007-negative.swift", [])
        _ = try check("Variation/SIL007-fixed.swift", [])
    }

    /// Without any call site in the analysed files, a `let` does not vary: no finding.
    func testALetWithoutCallSitesDoesNotVary() {
        let source = """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                let c: Bool
                var body: some View { if c { P().padding() } else { P() } }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings, [])
        // The same view behind `@Environment` data, or a property of an observable class, varies.
        let environment = source.replacingOccurrences(of: "let c: Bool", with: "@Environment(\\.isEnabled) var c")
        XCTAssertEqual(FixtureSupport.analyze(source: environment).located.map(\.rule), ["SIL001"])
        let observed = """
            @Observable final class Model { var c = false }
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                let model: Model
                var body: some View { if model.c { P().padding() } else { P() } }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: observed).located.map(\.rule), ["SIL001"])
    }

    /// An observed object passed on as is is the same reference at every render: seeding state
    /// from it is no hazard. One of its fields passed on does vary.
    func testAnObjectPassedOnAsIsDoesNotVary() {
        let source = """
            final class Post: ObservableObject { @Published var title = "" }
            struct Editor: View {
                @State private var draft: String
                init(post: Post) { _draft = State(initialValue: post.title) }
                var body: some View { Text(draft) }
            }
            struct Screen: View {
                @ObservedObject var post: Post
                var body: some View { Editor(post: post) }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings, [])
        let field = source
            .replacingOccurrences(of: "init(post: Post) { _draft = State(initialValue: post.title) }", with: "init(title: String) { _draft = State(initialValue: title) }")
            .replacingOccurrences(of: "Editor(post: post)", with: "Editor(title: post.title)")
        XCTAssertEqual(FixtureSupport.analyze(source: field).located, [Expected(rule: "SIL007", line: 4, column: 27)])
    }

    /// Variation flows through computed properties, initializers and a chain of call sites.
    func testVariationFollowsComputedPropertiesInitializersAndCallers() {
        let source = """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct Inner: View {
                let flag: Bool
                init(on: Bool) { self.flag = on }
                var shown: Bool { flag }
                var body: some View { if shown { P().padding() } else { P() } }
            }
            struct Middle: View {
                let on: Bool
                var body: some View { Inner(on: on) }
            }
            struct Top: View {
                @State var on = false
                var body: some View { Middle(on: on) }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).located, [Expected(rule: "SIL001", line: 6, column: 27)])
        // The same chain with a constant at the top: nothing varies, nothing is reported.
        let constant = source.replacingOccurrences(of: "Middle(on: on)", with: "Middle(on: true)")
        XCTAssertEqual(FixtureSupport.analyze(source: constant).findings, [])
    }

    /// A member named like a varying property is not a read of it (`other.on` is not `on`).
    func testAMemberOfAnotherValueIsNotARead() {
        let source = """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct Settings { var on = false }
            struct E: View {
                @State var on = false
                let settings: Settings
                var body: some View { if settings.on { P().padding() } else { P() } }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings, [])
    }

    /// `.id(value)` of a value that never changes never resets: no note.
    func testSIL009OnlyForAVaryingValue() {
        let source = """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                let key: Int
                var body: some View { P().id(key) }
            }
            """
        XCTAssertEqual(FixtureSupport.analyze(source: source).findings, [])
        let varying = source.replacingOccurrences(of: "let key: Int", with: "@State var key = 0")
        XCTAssertEqual(FixtureSupport.analyze(source: varying).located.map(\.rule), ["SIL009"])
    }

    /// Two closures to one child: one finding, at the call, naming both.
    func testOneSIL011FindingPerChildCall() throws {
        let report = try check("SIL011/two-closures.swift", [Expected(rule: "SIL011", line: 13, column: 9)])
        let message = try XCTUnwrap(report.findings.first?.message)
        XCTAssertTrue(message.contains("`onTap:`") && message.contains("`onDelete:`"), message)
    }

    /// ScrollView, NavigationStack, Form, Section (with its header), LazyVGrid and `#if` are
    /// lowered as the model's containers: the hazards inside them are found, and the bodies have
    /// no opaque node but the `#else` clause.
    func testContainersAndIfConfigAreLowered() throws {
        let positive = try check("Coverage/positive.swift", [
            Expected(rule: "SIL001", line: 15, column: 25), Expected(rule: "SIL006", line: 33, column: 9),
        ])
        XCTAssertEqual(positive.statistics.opaqueConstructs, ["#if clause not analysed": 1])
        let negative = try check("Coverage/negative.swift", [])
        XCTAssertEqual(negative.statistics.bodies, 2)
        XCTAssertEqual(negative.statistics.bodiesFullyLowered, 2, "\(negative.statistics.opaqueConstructs)")
        _ = try check("Coverage/fixed.swift", [])
    }

    /// A view passed to a container as an argument (`Section(header:)`) is one of its slots: its
    /// state is seen.
    func testAViewArgumentOfAContainerIsASlot() {
        let report = FixtureSupport.analyze(source: """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                @Binding var c: Bool
                var body: some View {
                    if c { Section(header: P()) { Text("a") }.padding() } else { Section(header: P()) { Text("a") } }
                }
            }
            """)
        XCTAssertEqual(report.located, [Expected(rule: "SIL001", line: 5, column: 9)])
        XCTAssertEqual(report.statistics.bodiesFullyLowered, report.statistics.bodies)
    }

    /// `.id` under `#if` is not lowered as a modifier: it stays opaque, counted.
    func testIdUnderIfConfigStaysOpaque() {
        let report = FixtureSupport.analyze(source: """
            struct P: View { @State var s = 0; var body: some View { Text("") } }
            struct E: View {
                var body: some View {
                    P()
                    #if DEBUG
                    .id(UUID())
                    #endif
                }
            }
            """)
        XCTAssertEqual(report.findings, [])
        XCTAssertEqual(report.statistics.opaqueConstructs, ["#if around .id": 1])
    }
}
