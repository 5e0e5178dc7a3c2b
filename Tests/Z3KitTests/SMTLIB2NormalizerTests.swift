import XCTest
@testable import Z3Kit

/// The readers of Z3's printed SMT-LIB 2 work on its UTF-8 bytes: these are the inputs that would
/// catch a cut inside a multi-byte character, a quoted symbol or string literal read as code, or
/// whitespace read as ASCII only.
final class SMTLIB2NormalizerTests: XCTestCase {
    func testTheTwoFormsAreRewritten() {
        let printed = "(define-fun-rec len ((l IntList)) Int 0)\n(assert (and ((_ is (cons (Int IntList) IntList)) x) (= ((_ len 0) x) 1)))\n"
        XCTAssertEqual(
            SMTLIB2Normalizer.normalize(printed),
            "(define-fun-rec len ((l IntList)) Int 0)\n(assert (and ((_ is cons) x) (= (len x) 1)))\n")
    }

    func testAnIndexedNameThatIsNotRecursiveStays() {
        let printed = "(assert (= ((_ len 0) x) ((_ extract 3 0) y)))"
        XCTAssertEqual(SMTLIB2Normalizer.normalize(printed), printed)
    }

    func testQuotedSymbolsStringsAndCommentsAreNotCode() {
        let printed = "(assert (= |(_ is (a b)) é| \"(_ is (a \"\" b))日本\")) ; (_ is (a b))\n(assert ((_ is (a b)) z))"
        XCTAssertEqual(
            SMTLIB2Normalizer.normalize(printed),
            "(assert (= |(_ is (a b)) é| \"(_ is (a \"\" b))日本\")) ; (_ is (a b))\n(assert ((_ is a) z))")
    }

    func testMultiByteNamesAreWholeAtoms() {
        // `…` is U+2026 (E2 80 A6), `ą` U+0105 (C4 85): their bytes 0x80 and 0x85 are not whitespace.
        let printed = "(define-fun-rec len…ą ((l Int)) Int 0)(assert (= ((_ len…ą 0) x) ((_ len… 0) y)))"
        XCTAssertEqual(
            SMTLIB2Normalizer.normalize(printed),
            "(define-fun-rec len…ą ((l Int)) Int 0)(assert (= (len…ą x) ((_ len… 0) y)))")
    }

    func testUnicodeWhitespaceSeparatesAtoms() {
        // U+00A0 and U+2028 are whitespace to `Character.isWhitespace`, as before the byte reader.
        let printed = "(assert ((_\u{00A0}is\u{2028}(cons Int)) x))"
        XCTAssertEqual(SMTLIB2Normalizer.normalize(printed), "(assert ((_ is cons) x))")
    }

    func testDatatypesComeAfterTheSortsTheyUse() {
        let printed = "; (declare-datatypes ((Z 0)) ((z)))\n(declare-datatypes ((B 0)) (((b (f A) (g |(declare-datatypes é|)))))\n(declare-fun é () Int)\n(declare-datatypes ((A 0)) (((a))))\n"
        XCTAssertEqual(
            DatatypeDeclarationOrder.ordered(printed),
            "; (declare-datatypes ((Z 0)) ((z)))\n(declare-datatypes ((A 0)) (((a))))\n(declare-fun é () Int)\n(declare-datatypes ((B 0)) (((b (f A) (g |(declare-datatypes é|)))))\n")
    }

    func testDatatypesInOrderStay() {
        let printed = "(declare-datatypes ((A 0)) (((a))))\n(declare-datatypes ((B 0)) (((b\u{00A0}(f A)))))\n"
        XCTAssertEqual(DatatypeDeclarationOrder.ordered(printed), printed)
    }
}
