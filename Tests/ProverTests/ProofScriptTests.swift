import Foundation
import LemmaLogic
import XCTest

@testable import Prover

/// Both ways, by a second and third solver: every proved lemma's path-level query is `unsat` in the
/// `z3` and `cvc5` binaries, and every refutation's certificate is `sat` in both.
final class ProofScriptTests: XCTestCase {
    func testProvedLemmasAreProvedAgainAndRefutationsCertifiedByZ3AndCvc5() throws {
        let solvers = try SecondSolvers()
        let route = SolverRoute()
        var proved = 0
        var refuted = 0
        for lemma in LemmaSet.specs() {
            let result = route.run(lemma, exportScript: true)
            switch result.answer {
            case .proved:
                XCTAssertEqual(try solvers.check(XCTUnwrap(result.script), expecting: .unsat, name: lemma.name), [])
                proved += 1
            case .refuted:
                XCTAssertEqual(try solvers.check(XCTUnwrap(result.certificate), expecting: .sat, name: lemma.name), [])
                refuted += 1
            default:
                XCTFail("\(lemma.name): \(result.answer)")
            }
        }
        XCTAssertEqual(proved, LemmaSet.specs().filter { $0.expectation == .holds }.count)
        XCTAssertEqual(refuted, LemmaSet.specs().filter { $0.expectation == .refuted }.count)
    }

    func testAWrongExpectationIsReported() throws {
        let problems = try SecondSolvers().check("(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n", expecting: .unsat, name: "t")
        XCTAssertEqual(problems, ["t: z3 answered 'sat', expected unsat", "t: cvc5 answered 'sat', expected unsat"])
    }
}
