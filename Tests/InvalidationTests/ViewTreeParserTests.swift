import IdentityModel
import Invalidation
import XCTest

/// The view-tree syntax of invalidation scenarios: property kinds, `==` annotations,
/// `.equatable()`, `.id`, structure as identity steps, state readers and errors with positions.
final class ViewTreeParserTests: XCTestCase {
    func testPropertiesOfEveryKind() throws {
        let parsed = try ViewTreeParser.parse(
            """
            Parent(state: 3) @parent {
              Child(n: 18, on: true, name: "a", tap: { go() }, none: { }, manual: Binding(get: { 2 }, set: { … }),
                    projected: $state, field: $settings.dark, member: $filters[isMember: .recent], ref: object(4), dep: model(5)) @child
            }
            """)
        XCTAssertEqual(parsed.root.label, "parent")
        XCTAssertTrue(parsed.root.value.hasState)
        XCTAssertEqual(parsed.initialStates, ["parent": 3])
        let child = try XCTUnwrap(parsed.root.children.first)
        XCTAssertEqual(child.value.properties.map(\.value.kind), [
            .plain, .plain, .text, .closure, .closure, .manualBinding, .projectedBinding, .keyPathBinding, .keyPathBinding,
            .reference, .observed,
        ])
        XCTAssertEqual(child.value.property("n"), .plain(18))
        XCTAssertEqual(child.value.property("tap"), .closure(capturesContext: true))
        XCTAssertEqual(child.value.property("none"), .closure(capturesContext: false))
        XCTAssertEqual(child.value.property("manual"), .manualBinding(value: 2))
        XCTAssertEqual(parsed.stateReaders["child"], ViewTreeParser.StateRead(source: "parent", properties: ["projected"]))
        let withState = ViewTreeParser.withState(parsed.root, states: ["parent": 7], readers: parsed.stateReaders)
        guard case .projectedBinding(_, 7) = withState.children[0].value.property("projected") else {
            return XCTFail("the projected binding's snapshot is the parent's state: \(withState.children[0].value)")
        }
    }

    func testEqualityEquatableIdAndStructureBecomeValueAndSteps() throws {
        let parsed = try ViewTreeParser.parse(
            """
            Screen() @screen {
              VStack {
                if false { Hidden() @hidden }
                Gauge(t: 18) == reads(t / [0, 15, 25]).equatable().id(2) @gauge
                if true { A() @a } else { B() @b }
              }
            }
            """)
        let gauge = parsed.root.children[0]
        XCTAssertEqual(gauge.label, "gauge")
        XCTAssertEqual(gauge.value.equality, .reads([EqualityReading("t", thresholds: [0, 15, 25])]))
        XCTAssertTrue(gauge.value.isEquatableWrapped)
        XCTAssertEqual(gauge.steps, [.container(.VStack), .tuple(slot: 1, presentBefore: 0), .explicitID(2)])
        XCTAssertEqual(parsed.root.children[1].steps, [.container(.VStack), .tuple(slot: 2, presentBefore: 1), .conditional(arm: true)])
        XCTAssertEqual(parsed.root.children.map(\.label), ["gauge", "a"])
    }

    func testEnvironmentWritesReachEveryViewBelowAndTheInnermostWins() throws {
        let parsed = try ViewTreeParser.parse(
            #"""
            Root(state: 0) @root {
              VStack {
                Panel(n: 1) @panel { Badge(scheme: environment(\.colorScheme), n: 2) @badge }
                Badge(scheme: environment(\.colorScheme)).environment(\.colorScheme, 7) @inner
              }.environment(\.colorScheme, 1).environment(\.locale, 3)
            }
            """#)
        XCTAssertEqual(parsed.root.environment, [:])
        let panel = parsed.root.children[0]
        XCTAssertEqual(panel.environment, ["colorScheme": 1, "locale": 3])
        let badge = panel.children[0]
        XCTAssertEqual(badge.environment, ["colorScheme": 1, "locale": 3], "a write reaches a view below another view's body")
        XCTAssertEqual(badge.value.environment, [EnvironmentProperty("scheme", key: "colorScheme")])
        XCTAssertEqual(badge.value.properties, [StoredProperty("n", .plain(2))], "an @Environment property is not compared")
        XCTAssertFalse(badge.value.isPOD)
        XCTAssertEqual(parsed.root.children[1].environment, ["colorScheme": 7, "locale": 3])
        XCTAssertEqual(parsed.root.children[1].steps.last, .modified(.environment("colorScheme"), value: 7))
    }

    func testMalformedEnvironmentIsAnErrorWithAPosition() {
        for text in [#"Root() { A(s: environment(colorScheme)) }"#, #"Root() { A(n: 1).environment(\.colorScheme) }"#,
                     #"Root() { A(n: 1).environment(\.colorScheme, x) }"#] {
            XCTAssertThrowsError(try ViewTreeParser.parse(text), text) { error in
                XCTAssertEqual((error as? RenderSyntaxError)?.line, 1, text)
            }
        }
    }

    func testAModifierMayContinueOnTheNextLine() throws {
        let parsed = try ViewTreeParser.parse("Root() {\n  Gauge(t: 1) == true\n    .equatable() @gauge\n  Other(u: 2) @other\n}")
        XCTAssertEqual(parsed.root.children.map(\.label), ["gauge", "other"])
        XCTAssertTrue(parsed.root.children[0].value.isEquatableWrapped)
    }

    func testErrorsCarryFilePositions() {
        XCTAssertThrowsError(try ViewTreeParser.parse("Root() {\n  Row(x: 1).equatable()\n}", line: 10, column: 5)) { error in
            let error = error as? RenderSyntaxError
            XCTAssertEqual(error?.line, 11)
            XCTAssertEqual(error?.message.hasPrefix("'.equatable()' needs an Equatable view"), true)
        }
        XCTAssertThrowsError(try ViewTreeParser.parse("A()\nB()")) { error in
            XCTAssertEqual((error as? RenderSyntaxError)?.cause, .invalidationRoot)
        }
        XCTAssertThrowsError(try ViewTreeParser.parse("A(x: 1) == reads(y)")) { error in
            XCTAssertEqual((error as? RenderSyntaxError)?.message, "'==' reads 'y', which is not a stored property of this view")
        }
    }
}

/// Constructs of identity renders in view trees: each row, `AnyView` and `.id` on a container
/// give the views inside their steps, and `$0` its row's key as a value.
final class ViewTreeConstructTests: XCTestCase {
    func testForEachRowsAreViewsWithTheirKeysAsValues() throws {
        let parsed = try ViewTreeParser.parse(
            """
            Catalog(state: 0) @catalog {
              ForEach([3, 1], id: \\.self) { Row(n: $0, title: "t") @row }
              ForEach(["x"]) { Label(name: $0) }
            }
            """)
        let rows = parsed.root.children
        XCTAssertEqual(rows.map(\.label), ["row[3]", "row[1]", "_Label1"])
        XCTAssertEqual(rows.map { $0.value.property("n") }, [.plain(3), .plain(1), nil])
        XCTAssertEqual(rows[2].value.property("name"), .text("x"))
        XCTAssertEqual(rows[1].steps, [.tuple(slot: 0, presentBefore: 0), .forEach(source: .self, key: 1, offset: 1)])
    }

    func testAnIDOnAContainerIsAStepOfEveryViewInside() throws {
        let parsed = try ViewTreeParser.parse("Screen() @screen { VStack { A(n: 1) @a; AnyView(B(n: 2)) @b }.id(4) }")
        XCTAssertEqual(parsed.root.children.map { $0.steps.prefix(2) }, [
            [.explicitID(4), .container(.VStack)], [.explicitID(4), .container(.VStack)],
        ])
        XCTAssertEqual(parsed.root.children[1].steps.last, .anyView(erased: "B"))
    }

    func testASwitchIsNestedArmsAndLazyContainersAreSteps() throws {
        let parsed = try ViewTreeParser.parse(
            "Tabs() @tabs { LazyHStack { if true { if false { A(n: 1) @a } else { B(n: 1) @b } } else { C(n: 1) @c } } }")
        XCTAssertEqual(parsed.root.children.map(\.label), ["b"])
        XCTAssertEqual(parsed.root.children[0].steps, [.container(.LazyHStack), .conditional(arm: true), .conditional(arm: false)])
    }

    func testTheRootStandsOutsideAnyConstruct() {
        XCTAssertThrowsError(try ViewTreeParser.parse("AnyView(Root(n: 1))", line: 3, column: 9)) { error in
            let error = error as? RenderSyntaxError
            XCTAssertEqual(error.map { [$0.line, $0.column] }, [3, 9])
            XCTAssertEqual(error?.message, "an invalidation render holds exactly one custom view, the root, outside any construct; 'Root' is inside anyView")
        }
    }
}
