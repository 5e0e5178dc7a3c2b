import XCTest
@testable import LemmaLanguage

final class FormulaParsingTests: XCTestCase {
    func testImplicationIsRightAssociative() {
        XCTAssertEqual(canonical("true => false => true"), "(true => (false => true))")
    }

    func testArithmeticOnIntFields() {
        XCTAssertEqual(canonical("q.length == p.length + 1"), "(q.length == p.length + 1)")
        XCTAssertEqual(canonical("p.state - 2 < q.initial"), "(p.state - 2 < q.initial)")
    }

    func testIffIsLoosestAndDoesNotChain() {
        XCTAssertEqual(canonical("true || false <=> true && false"), "((true || false) <=> (true && false))")
        XCTAssertEqual(canonical("(true <=> false) <=> true"), "((true <=> false) <=> true)")
        XCTAssertEqual(canonical("true => (false <=> true)"), "(true => (false <=> true))")
    }

    /// Lemmas/README.md: `<=>` is looser than `=>` on either side (red team: `a => b <=> c` was read
    /// as `a => (b <=> c)`, so `p.length < 0 => p.length == 0 <=> p.length == 7` came out proved).
    func testIffIsLooserThanImplicationOnEitherSide() {
        XCTAssertEqual(canonical("true => false <=> true"), "((true => false) <=> true)")
        XCTAssertEqual(canonical("true <=> false => true"), "(true <=> (false => true))")
        XCTAssertEqual(canonical("true => false => true <=> false"), "((true => (false => true)) <=> false)")
    }

    func testPrecedenceLoosestFirst() {
        XCTAssertEqual(canonical("a.x == 1 || b.x == 2 && !c.x == 3 => true"),
                       "(((a.x == 1) || ((b.x == 2) && (!(c.x == 3)))) => true)")
    }

    func testOrAndAndAreLeftAssociative() {
        XCTAssertEqual(canonical("true || false || true"), "((true || false) || true)")
        XCTAssertEqual(canonical("true && false && true"), "((true && false) && true)")
    }

    func testParenthesesOverridePrecedence() {
        XCTAssertEqual(canonical("(true || false) && true"), "((true || false) && true)")
        XCTAssertEqual(canonical("(true => false) => true"), "((true => false) => true)")
    }

    func testNegationBindsTighterThanAnd() {
        XCTAssertEqual(canonical("!true && false"), "((!true) && false)")
        XCTAssertEqual(canonical("!!true"), "(!(!true))")
    }

    func testQuantifierBodyExtendsRight() {
        XCTAssertEqual(canonical("exists i in p: p[i].key != q[i].key || true => false"),
                       "(exists i in p: (((p[i].key != q[i].key) || true) => false))")
        XCTAssertEqual(canonical("true && forall i in p: p[i].arm == true"),
                       "(true && (forall i in p: (p[i].arm == true)))")
        XCTAssertEqual(canonical("(exists i in p: true) && false"), "((exists i in p: true) && false)")
    }

    func testAllComparisonOperators() {
        for op in ["==", "!=", "<", "<=", ">", ">="] {
            XCTAssertEqual(canonical("p.length \(op) 3"), "(p.length \(op) 3)")
        }
    }

    func testTerms() {
        XCTAssertEqual(canonical("p[i + 1].key == q[i - 2].key"), "(p[i + 1].key == q[i - 2].key)")
        XCTAssertEqual(canonical("p[0].kind == .tuple"), "(p[0].kind == .tuple)")
        XCTAssertEqual(canonical("elem(p, i) == elem(q, i)"), "(elem(p, i) == elem(q, i))")
        XCTAssertEqual(canonical("p.leafType == \"Coun\\\"ter\""), "(p.leafType == \"Coun\\\"ter\")")
        XCTAssertEqual(canonical("p[i].source == .self"), "(p[i].source == .self)")
        XCTAssertEqual(canonical("i + 1 < p.length"), "(i + 1 < p.length)")
        XCTAssertEqual(canonical("p.state == -1"), "(p.state == -1)")
        XCTAssertEqual(canonical("p[i].arm == false"), "(p[i].arm == false)")
    }

    func testPredicates() {
        XCTAssertEqual(canonical("sameView(p, q) && sameAddress(p, q) => survives(p, q) || resets(p, q)"),
                       "((sameView(p, q) && sameAddress(p, q)) => (survives(p, q) || resets(p, q)))")
    }

    func testRangesCoverTheirText() throws {
        let text = "lemma L { show p.length == 3 && true }"
        let (file, _) = parse(text)
        guard case .lemma(let lemma)? = file.items.first, let conclusion = lemma.conclusion else {
            return XCTFail("no lemma")
        }
        let bytes = Array(text.utf8)
        let covered = String(decoding: bytes[conclusion.range.start.offset..<conclusion.range.end.offset], as: UTF8.self)
        XCTAssertEqual(covered, "p.length == 3 && true")
        guard case .and(let lhs, _, _) = conclusion else { return XCTFail("not an and") }
        XCTAssertEqual(lhs.range.start.column, 16)
        XCTAssertEqual(lhs.range.end.column, 29)
    }
}
