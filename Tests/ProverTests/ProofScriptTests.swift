import Encoding
import Foundation
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Both ways, by a second and third solver: every proved lemma's path-level query is `unsat` in the
/// `z3` and `cvc5` binaries, and every refutation's certificate is `sat` in both.
final class ProofScriptTests: XCTestCase {
    func testProvedLemmasAreProvedAgainAndRefutationsCertifiedByZ3AndCvc5() throws {
        try assertCheckedBySecondSolvers(LemmaSet.representativeReport, files: LemmaSet.representativeFiles)
    }

    /// The same for every lemma of Lemmas/ (the slow tier).
    func testTheWholeSetIsProvedAgainAndCertifiedByZ3AndCvc5() throws {
        try SlowTier.require()
        try assertCheckedBySecondSolvers(LemmaSet.shippedReport, files: LemmaSet.files)
    }

    private func assertCheckedBySecondSolvers(_ report: RunReport, files: [URL]) throws {
        let lemmas = report.lemmas.filter { $0.kind == .lemma }
        XCTAssertEqual(try SecondSolvers().check(report), [])
        let proved = lemmas.filter { $0.verdict == .proved && $0.scope == .unbounded && $0.script != nil }
        let certified = lemmas.filter { $0.verdict == .refuted && $0.certificate != nil }
        let expectations = LemmaSet.specs(files: files).map(\.expectation)
            + LemmaSet.invalidationSpecs(files: files).map(\.expectation)
        XCTAssertEqual(proved.count, expectations.filter { $0 == .holds }.count, "every expect-holds lemma has an unbounded proof's script")
        XCTAssertEqual(certified.count, expectations.filter { $0 == .refuted }.count, "every refutation has a certificate")
        let coverage = SecondSolvers.coverage(of: report)
        XCTAssertEqual(coverage.certificates, certified.count)
        XCTAssertEqual(coverage.refutations, report.lemmas.filter { $0.verdict == .refuted }.count)
        // FINDINGS.md 50: the reduction obligations an unbounded proof rests on are re-checked too.
        let obligations = report.reductions.flatMap(\.results).filter { $0.verdict.isProved && $0.script != nil }.count
            + report.invalidationLocality.flatMap(\.results).filter { $0.verdict == .proved && $0.script != nil }.count
        XCTAssertGreaterThan(report.reductions.flatMap(\.results).count, 0)
        XCTAssertEqual(coverage.unboundedProofs, proved.count + obligations, "the lemmas' scripts and every proved obligation's")
    }

    func testAWrongExpectationIsReported() throws {
        let problems = try SecondSolvers().check("(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n", expecting: .unsat, name: "t")
        XCTAssertEqual(problems, ["t: z3 answered 'sat', expected unsat", "t: cvc5 answered 'sat', expected unsat"])
    }
}
