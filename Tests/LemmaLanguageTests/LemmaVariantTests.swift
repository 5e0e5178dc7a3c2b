import IdentityModel
import LemmaLogic
import XCTest

@testable import LemmaLanguage

/// The variants of a checked lemma that explain judges (`CheckedLemma+Variants.swift`): an
/// assumption left out takes the path its `exists q` introduced with it, and a negation is checked
/// against the fragment again, as written.
final class LemmaVariantTests: XCTestCase {
    private func checked(_ body: String) throws -> CheckedLemma {
        let result = load(lemma(body))
        XCTAssertEqual(headlines(result.diagnostics), [])
        return try XCTUnwrap(result.lemmas.first)
    }

    private static let existsView = """
        forall p: path in before
        assume p.length == 1
        assume exists q: path in after: q.length >= 0
        show rendered(p, after)
        """

    /// Left out and lowered again, the `exists q` assumption's path is gone; a lowered lemma with
    /// the assumption's formula dropped would keep it (issue 22).
    func testLeavingOutAnAssumptionDropsThePathItsQuantifierIntroduced() throws {
        let lemma = try checked(Self.existsView)
        XCTAssertEqual(try XCTUnwrap(LemmaCompiler.compile(lemma, rules: .runtime)).paths.map(\.name), ["p", "q"])
        let variant = lemma.withoutAssumptions([1])
        XCTAssertEqual(variant.identity?.assumptions.map(\.description), ["(p.length == 1)"])
        XCTAssertEqual(try XCTUnwrap(LemmaCompiler.compile(variant, rules: .runtime)).paths.map(\.name), ["p"])
        XCTAssertNotEqual(variant.name, lemma.name)
        XCTAssertEqual(lemma.withoutAssumptions([0, 1]).identity?.assumptions, [])
    }

    private static let invalidationLemma = """
        lemma child_of_skipped_parent_skips {
          summary "x"; source I9; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          forall q: path in after
          assume childOf(q, p)
          assume !evaluated(p, after)
          assume sameValues(q, after)
          show !evaluated(q, after)
        }
        """

    /// An invalidation lemma's variants keep its structure (`childOf` is not an assumption),
    /// drop or negate the formula and its written text and place together, and stay invalidation
    /// lemmas (explain judges them with the invalidation routes).
    func testInvalidationVariantsDropOrNegateTheWrittenAssumption() throws {
        let result = load(Self.invalidationLemma)
        XCTAssertEqual(headlines(result.diagnostics), [])
        let lemma = try XCTUnwrap(result.lemmas.first)
        let statement = try XCTUnwrap(lemma.invalidation)
        XCTAssertEqual(statement.writtenAssumptions.map(\.value), ["(!evaluated(p, after))", "sameValues(q, after)"])
        XCTAssertEqual(statement.writtenAssumptions.map(\.range.start.line), [6, 7])
        XCTAssertEqual(statement.parents, [nil, 0])

        let without = try XCTUnwrap(lemma.withoutAssumptions([0]).invalidation)
        XCTAssertEqual(without.assumptions, [statement.assumptions[1]])
        XCTAssertEqual(without.writtenAssumptions.map(\.value), ["sameValues(q, after)"])
        XCTAssertEqual(without.parents, [nil, 0])
        XCTAssertEqual(without.conclusion, statement.conclusion)

        guard case .success(let negated) = lemma.negatingAssumption(1), let flipped = negated.invalidation else {
            return XCTFail("an invalidation assumption's negation was rejected")
        }
        XCTAssertEqual(flipped.assumptions, [statement.assumptions[0], .not(statement.assumptions[1])])
        XCTAssertEqual(flipped.writtenAssumptions.map(\.value), ["(!evaluated(p, after))", "(!sameValues(q, after))"])
        XCTAssertEqual(flipped.writtenAssumptions[1].range, statement.writtenAssumptions[1].range)
        XCTAssertNotEqual(negated.name, lemma.name)
    }

    /// `!exists q` in an assumption would need a path chosen after the counterexample's: E060,
    /// at the assumption, not a lowered negation with `q` still a path of the lemma.
    func testNegatingAnExistentialAssumptionIsOutsideTheFragment() throws {
        let lemma = try checked(Self.existsView)
        guard case .failure(let rejected) = lemma.negatingAssumption(1) else { return XCTFail("!exists q was accepted") }
        XCTAssertEqual(rejected.diagnostic.id, .pathQuantifierOutsideFragment)
        XCTAssertEqual(rejected.diagnostic.location.line, 8)
    }

    /// A negation the fragment accepts is the written `!A`; membership stays membership.
    func testNegatingAPlainAssumptionWritesItsNegation() throws {
        let lemma = try checked("""
            forall p: path in before
            assume p.length == 1
            assume exists q: path in after: survives(p, q)
            show p.state >= 0
            """)
        guard case .success(let first) = lemma.negatingAssumption(0) else { return XCTFail("p.length == 1 negated") }
        XCTAssertEqual(first.identity?.assumptions.map(\.description), ["(!(p.length == 1))", "(exists q: path in after: survives(p, q))"])
        guard case .success(let second) = lemma.negatingAssumption(1) else { return XCTFail("membership negated") }
        let spec = try XCTUnwrap(LemmaCompiler.compile(second, rules: .runtime))
        XCTAssertEqual(spec.paths.map(\.name), ["p"])
        XCTAssertEqual(spec.assumptions[1], .not(.rendered(path: 0, render: 1)))
    }

    /// Negation swaps universal and existential, so a quantifier the lemma accepted as a path
    /// comes back E060, and one `!` accepted comes back without it: no variant adds a path.
    func testNegationNeverAddsAPath() throws {
        let lemma = try checked("""
            forall p: path in before
            assume !(forall q: path in after: q.state == 1)
            show p.state >= 0
            """)
        XCTAssertEqual(LemmaCompiler.compile(lemma, rules: .runtime)?.paths.count, 2)
        guard case .failure(let rejected) = lemma.negatingAssumption(0) else { return XCTFail("!!forall q was accepted") }
        XCTAssertEqual(rejected.diagnostic.id, .pathQuantifierOutsideFragment)
    }

    /// Grounded, a path quantifier means what is written on given views: `exists` a disjunction,
    /// `forall` a conjunction, membership included, with no path variable added.
    func testGroundedQuantifiersRangeOverTheGivenViews() throws {
        let lemma = try checked("""
            forall p: path in before
            assume exists q: path in after: survives(p, q)
            show forall r: path in after: r.state == 0
            """)
        let statement = try XCTUnwrap(lemma.identity)
        XCTAssertEqual(
            LemmaCompiler.grounded(statement.assumptions[0], of: lemma, views: [1..<2, 2..<4]).description,
            LogicFormula.or([.survives(0, 2), .survives(0, 3)]).description)
        XCTAssertEqual(
            LemmaCompiler.grounded(statement.conclusion, of: lemma, views: [1..<2, 4..<4]).description,
            LogicFormula.and([]).description)
    }
}
