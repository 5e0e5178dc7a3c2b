import IdentityModel
import Invalidation
import XCTest

/// I3 for struct-valued properties (issue 23, option `nested`): a POD struct bit by bit, its own
/// `==` ignored; a non-POD struct by its own `==` under `runtime`, bit by bit under `handWritten`.
final class NestedValueTests: XCTestCase {
    private func range(_ lo: Int, _ hi: PropertyValue, reads: [String]? = ["lo"]) -> StructureValue {
        StructureValue("Range", [StoredProperty("lo", .plain(lo)), StoredProperty("hi", hi)], reads: reads)
    }

    func testPODStructIsBitwiseAndNonPODUsesItsEqualityUnderRuntime() {
        let runtime = InvalidationRules.runtime, handWritten = InvalidationRules.handWritten
        XCTAssertEqual(runtime.nested, .equatableUnlessPOD)
        XCTAssertEqual(handWritten.nested, .bitwise)
        // POD: hi changed, == (reads lo) would say equal, ignored under both.
        XCTAssertTrue(range(1, .plain(2)).isPOD)
        XCTAssertFalse(runtime.i3NestedEqual(range(1, .plain(2)), range(1, .plain(3))))
        XCTAssertFalse(handWritten.i3NestedEqual(range(1, .plain(2)), range(1, .plain(3))))
        // Non-POD (a String field): runtime uses ==, handWritten the bits.
        XCTAssertFalse(range(1, .text("a")).isPOD)
        XCTAssertTrue(runtime.i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
        XCTAssertFalse(handWritten.i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
        XCTAssertFalse(runtime.i3NestedEqual(range(1, .text("a")), range(2, .text("a"))))
        // Without its own ==: every field.
        XCTAssertFalse(runtime.i3NestedEqual(range(1, .text("a"), reads: nil), range(1, .text("b"), reads: nil)))
        // Another type, or other fields, never compare equal.
        XCTAssertFalse(runtime.i3NestedEqual(range(1, .text("a")), StructureValue("Other", range(1, .text("a")).fields, reads: ["lo"])))
    }

    func testMutantsBreakEachHalf() {
        let ignored = InvalidationRules.runtime.mutated(.nestedEqualityIgnored)
        XCTAssertFalse(ignored.i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
        let alwaysUsed = InvalidationRules.handWritten.mutated(.nestedEqualityAlwaysUsed)
        XCTAssertTrue(alwaysUsed.i3NestedEqual(range(1, .plain(2)), range(1, .plain(3))))
        XCTAssertTrue(alwaysUsed.i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
    }

    /// A view's own `==` that reads a struct field calls the struct's `==` (Swift), whether the struct
    /// is POD or not and whatever `nested` says of the graph's field comparison.
    func testAViewsOwnEqualityComparesAStructFieldByTheStructsEquality() {
        func axis(_ range: StructureValue) -> ViewValue {
            ViewValue("Axis", [StoredProperty("range", .structure(range))], equality: .reads([EqualityReading("range")])).equatable()
        }
        for rules in [InvalidationRules.runtime, .handWritten, .runtime.mutated(.nestedEqualityIgnored)] {
            for hi in [PropertyValue.plain(2), .text("a")] {
                let other: PropertyValue = hi == .plain(2) ? .plain(3) : .text("b")
                XCTAssertEqual(rules.compare(old: axis(range(1, hi)), new: axis(range(1, other))), .equal, "\(rules.name) \(hi)")
                XCTAssertEqual(rules.compare(old: axis(range(1, hi)), new: axis(range(2, hi))), .differentAt("range"), "\(rules.name) \(hi)")
                XCTAssertEqual(
                    rules.compare(old: axis(range(1, hi, reads: nil)), new: axis(range(1, other, reads: nil))),
                    .differentAt("range"), "\(rules.name) \(hi): without its own ==, every field")
            }
            // A POD and a non-POD value of one type (an ill-typed pair) never compare equal, as in Z3's route.
            XCTAssertEqual(rules.compare(old: axis(range(1, .plain(2))), new: axis(range(1, .text("b")))), .differentAt("range"))
        }
    }

    /// Before the comparison layouts are built every comparison is bitwise, whatever `nested` and
    /// `references` say: a rule-set file may combine `layouts: pending` with `runtime`'s values.
    func testLayoutsPendingComparesStructsAndEquatableReferencesBitwise() {
        let pending = InvalidationRules(
            name: "pending", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue, layouts: .pending,
            references: .equatable, nested: .equatableUnlessPOD)
        XCTAssertFalse(pending.nonPODStructsByEquality)
        XCTAssertFalse(pending.equatableReferencesByEquality)
        XCTAssertFalse(pending.i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
        XCTAssertFalse(pending.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 7))
        XCTAssertTrue(pending.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 1, newValue: 8))
        // The same options with layouts ready use the `==`.
        XCTAssertTrue(InvalidationRules.runtime.i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
        XCTAssertTrue(InvalidationRules.runtime.i7EquatableReferenceEqual(oldObject: 1, oldValue: 7, newObject: 2, newValue: 7))
        // A mutant stays what it says: every struct by its `==`.
        XCTAssertTrue(pending.mutated(.nestedEqualityAlwaysUsed).i3NestedEqual(range(1, .text("a")), range(1, .text("b"))))
    }

    func testAViewHoldingOnlyAPODStructIsPOD() {
        let pod = ViewValue("Axis", [StoredProperty("range", .structure(range(1, .plain(2))))])
        let nonPOD = ViewValue("Axis", [StoredProperty("range", .structure(range(1, .text("a"))))])
        XCTAssertTrue(pod.isPOD)
        XCTAssertFalse(nonPOD.isPOD)
        XCTAssertEqual(pod.properties[0].value.kind, .podStructure)
        XCTAssertEqual(nonPOD.properties[0].value.kind, .structure)
    }

    func testParserReadsStructValuesAndPrintsThemBack() throws {
        let text = "Chart(state: 0) @chart {\n  Axis(a: Range(lo: 1, hi: 2) == reads(lo), b: Labelled(lo: 1, title: \"x\", on: true)) @axis\n}"
        let parsed = try ViewTreeParser.parse(text)
        let axis = try XCTUnwrap(parsed.root.children.first)
        XCTAssertEqual(axis.value.property("a"), .structure(range(1, .plain(2))))
        XCTAssertEqual(
            axis.value.property("b"),
            .structure(StructureValue("Labelled", [
                StoredProperty("lo", .plain(1)), StoredProperty("title", .text("x")), StoredProperty("on", .plain(1)),
            ])))
        let printed = RenderPrinter.print(parsed.root)
        XCTAssertTrue(printed.contains("Axis(a: Range(lo: 1, hi: 2) == reads(lo), b: Labelled(lo: 1, title: \"x\", on: 1))"), printed)
        XCTAssertEqual(try ViewTreeParser.parse(printed).root, parsed.root, "print then parse is the identity")
    }

    func testMalformedStructValuesAreErrorsWithPositions() {
        for (text, fragment) in [
            ("A(r: Range(lo: { })) @a", "a field of a struct value is an integer, true, false or a string"),
            ("A(r: Range(lo: 1, lo: 2)) @a", "field 'lo' is given twice"),
            ("A(r: Range(lo: 1) == reads(hi)) @a", "'hi' is not a field of 'Range'"),
            ("A(r: Range(lo: 1) == true) @a", "expected 'reads'"),
            ("A(r: Range(lo: 1) @a", "expected ')'"),
        ] {
            XCTAssertThrowsError(try ViewTreeParser.parse(text, line: 2, column: 1), text) { error in
                guard let error = error as? RenderSyntaxError else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual(error.line, 2, text)
                XCTAssertTrue(error.message.contains(fragment), "\(text): \(error.message)")
            }
        }
    }
}
