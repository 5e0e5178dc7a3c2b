import IdentityModel
import LemmaLogic
import XCTest

@testable import LemmaLanguage

/// Path quantifiers inside formulas: what parses, which positions the fragment accepts (E060), and
/// how each is lowered (a fresh path variable, or path membership).
final class PathQuantifierTests: XCTestCase {
    private func compiled(_ body: String) throws -> LemmaSpec {
        let result = load(lemma(body))
        XCTAssertEqual(headlines(result.diagnostics), [])
        return try XCTUnwrap(LemmaCompiler.compile(try XCTUnwrap(result.lemmas.first), rules: .runtime))
    }

    private func errors(_ body: String) -> [String] { headlines(load(lemma(body)).diagnostics) }

    func testParsesBothQuantifiersOverPathsBesideIndexQuantifiers() {
        XCTAssertEqual(
            canonical("forall q: path in after: exists i in q: q[i].kind == .tuple"),
            "(forall q: path in after: (exists i in q: (q[i].kind == .tuple)))")
        XCTAssertEqual(canonical("exists q: path in r: true && false"), "(exists q: path in r: (true && false))")
    }

    func testAUniversalQuantifierBecomesOnePathVariablePerQuantifier() throws {
        let spec = try compiled("""
            forall p: path in before
            assume exists q: path in before: q.state == p.state + 1
            show forall q: path in after: survives(p, q) => (forall r: path in after: survives(q, r))
            """)
        XCTAssertEqual(spec.paths.map(\.name), ["p", "q", "q'", "r"])
        XCTAssertEqual(spec.paths.map(\.render), [0, 0, 1, 1])
        XCTAssertEqual(spec.assumptions.map(\.description), ["p1.state == p0.state + 1"])
        XCTAssertEqual(spec.conclusion.description, "(p0.identity == p2.identity => p2.identity == p3.identity)")
    }

    func testMembershipIsRenderedInAnyPosition() throws {
        let spec = try compiled("""
            forall p: path in before
            assume !(forall q: path in after: resets(q, p))
            show exists q: path in after: survives(p, q)
            """)
        XCTAssertEqual(spec.paths.map(\.name), ["p"])
        XCTAssertEqual(spec.assumptions, [.not(.not(.rendered(path: 0, render: 1)))])
        XCTAssertEqual(spec.conclusion, .rendered(path: 0, render: 1))
    }

    func testExistentialPositionsAreRejectedWithTheFragment() {
        let existential = ["E060"]
        func ids(_ body: String) -> [String] { load(lemma(body)).diagnostics.map(\.id.rawValue) }
        XCTAssertEqual(ids("forall p: path in before\nshow exists q: path in after: sameView(p, q)"), existential)
        XCTAssertEqual(ids("forall p: path in before\nassume forall q: path in after: sameView(p, q)\nshow true"), existential)
        XCTAssertEqual(ids("forall p: path in before\nshow !(forall q: path in after: sameView(p, q))"), existential)
        XCTAssertEqual(ids("forall p: path in before\nshow (forall q: path in after: sameView(p, q)) <=> true"), existential)
        XCTAssertEqual(ids("forall p: path in before\nshow exists i in p: forall q: path in after: p[i].kind == q[i].kind"), existential)
        XCTAssertEqual(
            ids("forall p: path in before\nshow forall q: path in after: exists r: path in after: sameView(q, r)"), existential)
        // Universal positions, under universal quantifiers, are accepted.
        XCTAssertEqual(ids("forall p: path in before\nshow forall i in p: forall q: path in after: p[i].kind == q[i].kind"), [])
        XCTAssertEqual(ids("forall p: path in before\nshow !(exists q: path in after: sameView(p, q))"), [])
        XCTAssertEqual(ids("forall p: path in before\nassume !(forall q: path in after: sameView(p, q))\nshow true"), [])
    }

    /// Red-team finding 8: prenexing a universal path quantifier over a conjunction (of the lemma in
    /// negation normal form) needs a render with a stateful view. `if false { Counter }` has none, so
    /// `show rendered(p, after) && forall q: path in after: true` (false there) was lowered to
    /// `forall q: rendered(p, after) && true` (vacuous there) and proved.
    func testAQuantifierUnderAConjunctionIsRejected() {
        let existential = ["E060"]
        func ids(_ body: String) -> [String] { load(lemma(body)).diagnostics.map(\.id.rawValue) }
        XCTAssertEqual(ids("forall p: path in before\nshow rendered(p, after) && forall q: path in after: true"), existential)
        XCTAssertEqual(ids("forall p: path in before\nshow (forall q: path in after: true) && p.state == 0"), existential)
        XCTAssertEqual(ids("forall p: path in before\nshow !(p.state == 0 || exists q: path in after: true)"), existential)
        XCTAssertEqual(ids("forall p: path in before\nshow forall q: path in after: p.state == 0 && forall r: path in before: true"), existential)
        XCTAssertEqual(ids("forall p: path in before\nassume p.state == 5 || exists q: path in after: true\nshow true"), existential)
        XCTAssertEqual(ids("forall p: path in before\nassume p.state == 5 => exists q: path in after: true\nshow true"), existential)
        XCTAssertEqual(ids("forall p: path in before\nassume !(p.state == 5 && forall q: path in after: true)\nshow true"), existential)
        // Disjunctions in the conclusion, conjunctions in assumptions, and membership stay accepted.
        XCTAssertEqual(ids("forall p: path in before\nshow p.state == 0 || forall q: path in after: true"), [])
        XCTAssertEqual(ids("forall p: path in before\nshow p.state == 0 => forall q: path in after: true"), [])
        XCTAssertEqual(ids("forall p: path in before\nassume p.state == 5 && exists q: path in after: true\nshow true"), [])
        XCTAssertEqual(ids("forall p: path in before\nshow p.state == 0 && exists q: path in after: survives(p, q)"), [])
    }

    /// FINDINGS.md 49: an existential path quantifier under a conjunction's context (the left side of
    /// an assumption's `=>`, what `use L(p)` of a lemma assuming `exists r` expands to) is reported as
    /// existential, not with the empty render's reason, which is why a universal one is refused there.
    func testAnExistentialUnderAConjunctionIsReportedAsExistential() {
        func messages(_ body: String) -> [String] { load(lemma(body)).diagnostics.map(\.message) }
        let left = messages("forall p: path in before\nassume (exists r: path in after: survives(p, r) && r.state == 3) => rendered(p, after)\nshow true")
        XCTAssertEqual(left, ["'exists r: path in after' is in positive position (as in the conclusion), where it would need a path chosen after the counterexample's paths"])
        let conclusion = messages("forall p: path in before\nshow p.state == 0 && exists q: path in after: q.state == 1")
        XCTAssertEqual(conclusion, ["'exists q: path in after' is in positive position (as in the conclusion), where it would need a path chosen after the counterexample's paths"])
        // A universal one there keeps the context's reason.
        let right = messages("forall p: path in before\nassume p.state == 5 => exists q: path in after: true\nshow true")
        XCTAssertEqual(right.count, 1)
        XCTAssertTrue(right.first?.contains("cannot become a path of the lemma: it is under '=>' in negative position") ?? false, "\(right)")
    }

    func testQuantifiedPathsCountAgainstThePathLimit() {
        let binders = (1...7).map { "p\($0): path in before" }.joined(separator: ", ")
        XCTAssertEqual(errors("forall \(binders)\nshow forall q: path in after: survives(p1, q)"), [])
        let tooMany = load(lemma("forall \(binders)\nshow forall q: path in after: forall r: path in after: survives(q, r)"))
        XCTAssertEqual(tooMany.diagnostics.map(\.id), [.tooLarge])
    }

    func testNamesAndRendersOfQuantifiedPathsAreChecked() {
        XCTAssertEqual(load(lemma("forall p: path in before\nshow forall p: path in after: true")).diagnostics.map(\.id), [.duplicateBinding])
        XCTAssertEqual(load(lemma("forall p: path in before\nshow forall q: path in later: true")).diagnostics.map(\.id), [.undeclaredRender])
        XCTAssertEqual(load(lemma("forall p: path in before\nshow (forall q: path in after: true) && q.state == 0")).diagnostics.map(\.id), [.unboundPath])
    }
}
