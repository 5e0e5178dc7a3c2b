import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// A lemma's formulas as written, evaluated on the trees a report shows: `--example`'s witness is
/// checked with them, and so is every counterexample explain shows for a variant.
final class WrittenFormulaCheckTests: XCTestCase {
    private static let text = """
        lemma some_view_of_after_survives {
          summary "s"; source R2; rules runtime; expect holds
          forall p: path in before
          assume exists q: path in after: survives(p, q) && q.length >= 0
          show p.state >= 0
        }
        """

    private func witness() throws -> (Counterexample, CheckedLemma) {
        let folder = try Repository.temporaryFolder(["example.lemma": Self.text])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.checkerBound = Bound(depth: 2, branching: 2)
        let example = try XCTUnwrap(Verifier(options: options).example(named: "some_view_of_after_survives", paths: [folder]))
        let witness = try XCTUnwrap(example.witness, example.text)
        let lemma = try XCTUnwrap(LemmaLoader().load(sources: [SourceFile(path: "example.lemma", text: Self.text)]).lemmas.first)
        return (witness, lemma)
    }

    /// The witness satisfies the written `exists q`, and the same trees fail its written negation:
    /// the lowered negation, `!(survives(p, q) && …)` with `q` one path of the witness, may hold
    /// there (issue 22's second report), the written one may not.
    func testTheWitnessSatisfiesTheWrittenAssumptionAndNotItsNegation() throws {
        let (witness, lemma) = try witness()
        guard case .success(let check) = WrittenFormulaCheck.on(witness, of: lemma, rules: .runtime) else {
            return XCTFail("the witness binds p")
        }
        XCTAssertEqual(check.failingAssumptions, [])
        var statement = try XCTUnwrap(lemma.identity)
        statement.assumptions[0] = CheckedFormula(.not(statement.assumptions[0]), range: statement.assumptions[0].range)
        var negated = lemma
        negated.statement = .identity(statement)
        guard case .success(let hostile) = WrittenFormulaCheck.on(witness, of: negated, rules: .runtime) else {
            return XCTFail("the witness binds p")
        }
        XCTAssertEqual(hostile.failingAssumptions, [1])
        XCTAssertEqual(
            WrittenFormulaCheck.notACounterexample(witness, of: negated, rules: .runtime),
            "assumption 1 as written does not hold on its trees")
        XCTAssertEqual(Verifier.writtenAssumptionsFail(on: witness, of: negated, rules: .runtime), "assumption 1 as written does not hold on them")
        XCTAssertNil(Verifier.writtenAssumptionsFail(on: witness, of: lemma, rules: .runtime))
    }

    /// A conclusion that holds on the trees is no counterexample, and a binder the trees do not
    /// bind cannot be evaluated: both are said, never passed.
    func testAConclusionThatHoldsOrAMissingBinderIsReported() throws {
        let (witness, lemma) = try witness()
        XCTAssertEqual(WrittenFormulaCheck.notACounterexample(witness, of: lemma, rules: .runtime), "the conclusion as written holds on its trees")
        var unbound = lemma
        var extra = lemma.paths[0]
        extra.name = "zz"
        unbound.paths.append(extra)
        XCTAssertEqual(WrittenFormulaCheck.notACounterexample(witness, of: unbound, rules: .runtime), "the trees have no view for zz")
    }
}
