import IdentityModel
import Invalidation
import XCTest

/// I7 for a reference to an `Equatable` class (issue 23, option `references`): by its `==` under
/// `runtime`, by identity under `handWritten`; a non-`Equatable` class's reference by identity under both.
final class EquatableReferenceTests: XCTestCase {
    private func detail(_ reference: PropertyValue) -> ViewValue { ViewValue("Detail", [StoredProperty("model", reference)]) }

    func testRuntimeUsesTheClassEqualityAndHandWrittenTheIdentity() {
        let runtime = InvalidationRules.runtime, handWritten = InvalidationRules.handWritten
        XCTAssertEqual(runtime.references, .equatable)
        XCTAssertEqual(handWritten.references, .identity)
        // Another object that == says equal.
        XCTAssertTrue(runtime.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 7))
        XCTAssertFalse(handWritten.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 7))
        // Another object that == says different.
        XCTAssertFalse(runtime.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 8))
        // The same object is compared with itself: equal, whatever its state.
        XCTAssertTrue(runtime.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 1, newValue: 8))
        XCTAssertTrue(handWritten.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 1, newValue: 8))
    }

    func testComparisonOfViewsHoldingReferences() {
        let runtime = InvalidationRules.runtime
        let equalByEq = (detail(.equatableReference(object: 1, value: 7)), detail(.equatableReference(object: 2, value: 7)))
        XCTAssertEqual(runtime.compare(old: equalByEq.0, new: equalByEq.1), .equal)
        XCTAssertEqual(InvalidationRules.handWritten.compare(old: equalByEq.0, new: equalByEq.1), .differentAt("model"))
        // A non-Equatable class: by identity under both.
        let plain = (detail(.reference(object: 1)), detail(.reference(object: 2)))
        XCTAssertEqual(runtime.compare(old: plain.0, new: plain.1), .differentAt("model"))
        // An Equatable and a non-Equatable reference are of different types: never equal.
        XCTAssertEqual(
            runtime.compare(old: detail(.reference(object: 1)), new: detail(.equatableReference(object: 1, value: 7))),
            .differentAt("model"))
        // A reference is not POD: the view's own `==` is used without `.equatable()` (I2).
        var view = detail(.equatableReference(object: 1, value: 7))
        view.equality = .alwaysTrue
        XCTAssertFalse(view.isPOD)
        XCTAssertEqual(runtime.comparisonMode(of: view), .customEquality)
    }

    /// A view's own `==` that reads the reference calls the class's `==` (Swift), under every set
    /// and mutant of the graph's comparison: `references` is about the graph, not about `==`.
    func testAViewsOwnEqualityCallsTheClassEquality() {
        func avatar(_ object: Int, _ value: Int) -> ViewValue {
            ViewValue("Avatar", [StoredProperty("image", .equatableReference(object: object, value: value))],
                equality: .reads([EqualityReading("image")])).equatable()
        }
        for rules in InvalidationRules.all.filter({ $0.layouts == .ready })
            + [InvalidationRules.runtime.mutated(.equatableReferencesByIdentity)] {
            XCTAssertEqual(rules.compare(old: avatar(1, 7), new: avatar(2, 7)), .equal, rules.name)
            XCTAssertEqual(rules.compare(old: avatar(1, 7), new: avatar(2, 8)), .differentAt("image"), rules.name)
            XCTAssertEqual(rules.compare(old: avatar(1, 7), new: avatar(1, 8)), .equal, "\(rules.name): the same object")
        }
    }

    func testTheMutantIgnoresTheEqualityAndOnlyUnderRuntimeChangesAnything() {
        let mutated = InvalidationRules.runtime.mutated(.equatableReferencesByIdentity)
        XCTAssertEqual(mutated.references, .equatable, "mutated keeps the option; the mutation overrides it")
        XCTAssertFalse(mutated.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 7))
        XCTAssertTrue(InvalidationRules.runtime.mutated(.referencesAlwaysEqual)
            .i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 8))
        XCTAssertEqual(InvalidationMutation.equatableReferencesByIdentity.rule, "I7")
    }

    func testParserReadsAnEquatableObjectAndPrintsItBack() throws {
        let text = "Screen(state: 0) @screen {\n  Avatar(image: object(2, equatable: 7), plain: object(3)) @avatar\n}"
        let parsed = try ViewTreeParser.parse(text)
        let avatar = try XCTUnwrap(parsed.root.children.first)
        XCTAssertEqual(avatar.value.property("image"), .equatableReference(object: 2, value: 7))
        XCTAssertEqual(avatar.value.property("plain"), .reference(object: 3))
        XCTAssertEqual(avatar.value.properties.map(\.value.kind), [.equatableReference, .reference])
        let printed = RenderPrinter.print(parsed.root)
        XCTAssertTrue(printed.contains("Avatar(image: object(2, equatable: 7), plain: object(3))"), printed)
        XCTAssertEqual(try ViewTreeParser.parse(printed).root, parsed.root, "print then parse is the identity")
    }

    func testMalformedEquatableObjectsAreErrorsWithPositions() {
        for (text, fragment) in [
            ("A(x: object(1, value: 2)) @a", "expected 'equatable'"),
            ("A(x: object(1, equatable: y)) @a", "expected the value an Equatable class's '=='"),
            ("A(x: object(1, equatable: 2) @a", "expected ')'"),
            ("A(x: model(1, equatable: 2)) @a", "expected ')'"),
        ] {
            XCTAssertThrowsError(try ViewTreeParser.parse(text, line: 4, column: 3), text) { error in
                guard let error = error as? RenderSyntaxError else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual(error.line, 4, text)
                XCTAssertTrue(error.message.contains(fragment), "\(text): \(error.message)")
            }
        }
    }

    func testBodyEvaluatorRunsOnlyTheViewWhoseReferenceCompareDifferent() {
        let tree = Seed003Views.detail(.equatableReference(object: 1, value: 7), then: .equatableReference(object: 2, value: 7))
        let runtime = TransitionCase(
            name: "equatable", rules: .runtime, before: tree.before, after: tree.after, expected: ["screen": true, "detail": false])
        XCTAssertEqual(runtime.run(.runtime), runtime.expected)
        XCTAssertEqual(runtime.run(.handWritten), ["screen": true, "detail": true])
        let unequal = Seed003Views.detail(.equatableReference(object: 1, value: 7), then: .equatableReference(object: 2, value: 8))
        XCTAssertEqual(
            TransitionCase(name: "unequal", rules: .runtime, before: unequal.before, after: unequal.after, expected: [:]).run(.runtime),
            ["screen": true, "detail": true])
    }
}
