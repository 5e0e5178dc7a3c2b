import Encoding
import Foundation
import IdentityModel
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover

/// Why a rule set's obligations do not carry an unbounded verdict is a typed value until the
/// report writers say it: the failed obligations by id, the premise that fails with its cause.
final class ObligationShortfallTests: XCTestCase {
    private static let arms = """
        lemma arms {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    /// A rule-set file with ForEach rows by offset: Z3 proves the lemma at the path level, but the
    /// reduction's sibling obligation fails, and the outcome says so by id, not in a sentence.
    func testAFileWhoseReductionFailsGivesTheFailedObligationsByID() throws {
        let folder = try Repository.temporaryFolder(["arms.lemma": Self.arms])
        let file = RuleSetFile.parse(SourceFile(path: "offset.rules", text: "rules byOffset from runtime { mutation: forEachByOffset }"))
        var options = VerifierOptions()
        options.select(try XCTUnwrap(file.selection))
        options.checksVacuity = false
        let report = Verifier(options: options).run(paths: [folder])
        let arms = try XCTUnwrap(report.lemmas.first { $0.name == "arms" })
        XCTAssertEqual(arms.outcome.reasonCode, "obligation-unproved")
        guard case .unknown(.noUnboundedProof(.paths, .obligations(let shortfall))) = arms.outcome,
            case .unproved(.reduction, let rules, let failed, let vacuous, let unknown) = shortfall
        else { return XCTFail("\(arms.outcome)") }
        XCTAssertEqual(rules, "byOffset+forEachByOffset")
        XCTAssertEqual(failed, ["siblings.forEach"])
        XCTAssertTrue(vacuous.isEmpty)
        XCTAssertTrue(unknown.isEmpty)
        XCTAssertEqual(report.reductions.map(\.rules.name), ["byOffset+forEachByOffset"])
    }

    func testRealizabilityNamesItsCause() {
        guard case .realizabilityFails("documented", .opaqueAnyView)? = InvalidationJudgement.realizabilityShortfall(identityRules: .documented)
        else { return XCTFail("documented: an opaque AnyView") }
        guard case .realizabilityFails("ios18_0", .transientRead)? = InvalidationJudgement.realizabilityShortfall(identityRules: .ios18_0)
        else { return XCTFail("ios18_0: a transient read") }
        XCTAssertNil(InvalidationJudgement.realizabilityShortfall(identityRules: .runtime))
    }

    /// The sentences the report writers make of each kind of shortfall.
    func testSentencesAreUnchanged() {
        let unanswered = ObligationShortfall.UnansweredObligation(id: "c", stop: .interrupted)
        XCTAssertEqual(
            ReasonText.sentence(.unproved(.reduction, rules: "r", failed: ["a", "b"], vacuous: [], unknown: [unanswered])),
            "the reduction does not hold under r: a, b failed; 1 reduction obligation(s) under r unknown: c (\(SolverStop.interrupted))")
        XCTAssertEqual(
            ReasonText.sentence(.unproved(.locality, rules: "i", failed: ["child"], vacuous: ["tuple"], unknown: [])),
            "the invalidation locality does not hold under i: child failed; the premises of tuple under i hold of nothing (vacuous)")
        XCTAssertEqual(ReasonText.sentence(.notRun(.reduction)), "the reduction obligations were not run")
        XCTAssertEqual(ReasonText.sentence(.notRun(.locality)), "the invalidation locality obligations were not run")
        XCTAssertEqual(
            ReasonText.sentence(.realizabilityFails(identityRules: "documented", cause: .opaqueAnyView)),
            "under documented an opaque AnyView gives a view a new identity in a render where its parent's body did not run, "
                + "so the trees' realizability, the locality obligations' premise, does not hold")
    }
}
