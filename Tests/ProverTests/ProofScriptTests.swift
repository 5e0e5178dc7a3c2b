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
        XCTAssertEqual(problems.map(\.description), ["t: z3 answered 'sat', expected unsat", "t: cvc5 answered 'sat', expected unsat"])
        XCTAssertEqual(problems.map(\.kind), [.answered("sat"), .answered("sat")])
        XCTAssertTrue(problems.allSatisfy(\.isDrift))
    }

    /// cvc5 stopped by its time limit writes no answer (and says so on standard error): that is a
    /// script not re-checked, with its own code, never a drift ("cvc5 answered ''" was one). A
    /// limit of 1 ms stops cvc5 on a recorded proof before it answers.
    func testASolverStoppedByItsTimeLimitIsInconclusiveNotADrift() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Proofs/lemmas")
        let scripts = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        func size(_ url: URL) -> Int { (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }
        let largest = try XCTUnwrap(scripts.max { size($0) < size($1) })
        let problems = try SecondSolvers(timeLimit: 1).check(String(contentsOf: largest, encoding: .utf8), expecting: .unsat, name: "t")
        let cvc5 = try XCTUnwrap(problems.first { $0.solver == "cvc5" }, "\(problems)")
        XCTAssertEqual(cvc5.kind, .noAnswerWithinLimit, cvc5.description)
        XCTAssertEqual(cvc5.code, "second-solver-no-answer-within-limit")
        XCTAssertFalse(cvc5.isDrift)
        XCTAssertFalse(problems.contains(where: \.isDrift), "\(problems)")
    }

    /// What each solver's output is taken for: the expected answer, another one (a drift), none
    /// within the limit or `unknown` (inconclusive), or none at all without a word of the limit (a
    /// failure, a drift).
    func testEachOutputIsClassified() {
        typealias Kind = SecondSolverProblem.Kind
        XCTAssertNil(Kind(answer: "unsat", errors: "", expected: .unsat))
        XCTAssertEqual(Kind(answer: "sat", errors: "", expected: .unsat), .answered("sat"))
        XCTAssertEqual(Kind(answer: "", errors: "cvc5 interrupted by timeout.\n", expected: .sat), .noAnswerWithinLimit)
        XCTAssertEqual(Kind(answer: "timeout", errors: "", expected: .unsat), .noAnswerWithinLimit)
        XCTAssertEqual(Kind(answer: "unknown", errors: "", expected: .unsat), .unknown)
        XCTAssertEqual(Kind(answer: "", errors: "Segmentation fault\n", expected: .unsat), .failed("Segmentation fault"))
        XCTAssertEqual(Kind(answer: "(error \"x\")", errors: "", expected: .unsat), .answered("(error \"x\")"))
        let problem = SecondSolverProblem(script: "lemmas/x.smt2", solver: "cvc5", expected: .sat, kind: .noAnswerWithinLimit, timeLimit: 30000)
        XCTAssertFalse(problem.description.contains("answered ''"), problem.description)
        XCTAssertTrue(problem.description.contains("gave no answer within its limit"), problem.description)
    }
}
