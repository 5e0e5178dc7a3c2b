import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// `mutate p` end to end: Z3's counterexample is replayed with the mutation and shows it; the
/// checker's counterexample sets its one value; both routes agree on a true lemma.
final class MutationTests: XCTestCase {
    private let sameView = """
        lemma setting_p_leaves_q {
          source R1; rules runtime; expect holds
          forall p: path in before, q: path in before, r: path in after
          mutate p
          assume survives(q, r)
          show r.state == q.state
        }
        """

    private func run(_ text: String, checkerDepth: Int = 1, solver: Bool = true) throws -> LemmaReport {
        let folder = try Repository.temporaryFolder(["mutation.lemma": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.jobs = 1
        options.checkerBound = Bound(depth: checkerDepth, branching: 2)
        return try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
    }

    func testZ3sCounterexampleIsReplayedWithTheMutationAndShowsIt() throws {
        let report = try run(sameView)
        guard case .refuted(let counterexample) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        XCTAssertEqual(counterexample.origin, .z3)
        let p = try XCTUnwrap(counterexample.bound.first { $0.variable == "p" })
        let q = try XCTUnwrap(counterexample.bound.first { $0.variable == "q" })
        let r = try XCTUnwrap(counterexample.bound.first { $0.variable == "r" })
        let set = try XCTUnwrap(p.set, "the counterexample carries the value set")
        XCTAssertEqual(p.identity, q.identity, "only one view makes the lemma false")
        XCTAssertEqual(r.state, set, "the next render holds the value set")
        XCTAssertNotEqual(r.state, q.state)
        XCTAssertTrue(
            CounterexampleText.lines(counterexample, verbose: false).contains { $0.contains("then set to \(set)") },
            CounterexampleText.lines(counterexample, verbose: false).joined(separator: "\n"))
    }

    func testTheCheckerSetsItsValueAfterTheRenderAndFindsTheSameViewCase() throws {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "m.lemma", text: sameView)])
        let spec = try XCTUnwrap(LemmaCompiler.compile(try XCTUnwrap(loaded.lemmas.first), rules: .runtime))
        let result = BoundedRoute(workers: 1).run(spec, bound: Bound(depth: 1, branching: 1))
        guard case .refuted(let counterexample) = result.answer else { return XCTFail("the checker finds p = q") }
        XCTAssertEqual(counterexample.origin, .checker)
        let p = try XCTUnwrap(counterexample.bound.first { $0.variable == "p" })
        let r = try XCTUnwrap(counterexample.bound.first { $0.variable == "r" })
        XCTAssertEqual(p.set, BoundedRoute.checkerSetValue(0))
        XCTAssertEqual(r.state, BoundedRoute.checkerSetValue(0))
    }

    func testBothRoutesAgreeThatAMutationOfAnotherIdentityChangesNothing() throws {
        let report = try run(sameView.replacingOccurrences(of: "assume survives(q, r)", with: "assume !survives(p, q) && survives(q, r)"), checkerDepth: 2)
        XCTAssertEqual(report.verdict, .proved, report.message)
        XCTAssertTrue(report.message.contains("agree"), report.message)
    }

    /// FINDINGS.md 9: a mutated state destroyed by a later render is reported with the value set,
    /// on both routes (the held values are read after the mutation that follows each render).
    func testADestroyedMutatedStateIsReportedWithTheValueSet() throws {
        let lemma = """
            lemma a_set_value_outlives_a_removal {
              source R1; rules runtime; expect holds
              renders a, b, c
              forall p: path in a, r: path in c
              mutate p
              assume survives(p, r)
              assume forall i in p: p[i].kind == .container => p[i].container == .VStack
              show r.state == p.set
            }
            """
        let report = try run(lemma, checkerDepth: 2)
        guard case .refuted(let counterexample) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        let p = try XCTUnwrap(counterexample.bound.first { $0.variable == "p" })
        let set = try XCTUnwrap(p.set)
        let failure = try XCTUnwrap(counterexample.failure?.reason)
        XCTAssertTrue(failure.contains("(held \(set)) is destroyed"), failure)
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "m.lemma", text: lemma)])
        let spec = try XCTUnwrap(LemmaCompiler.compile(try XCTUnwrap(loaded.lemmas.first), rules: .runtime))
        guard case .refuted(let checked) = BoundedRoute(workers: 1).run(spec, bound: Bound(depth: 2, branching: 2)).answer
        else { return XCTFail("the checker refutes it too") }
        let checkerFailure = try XCTUnwrap(checked.failure?.reason)
        XCTAssertTrue(checkerFailure.contains("(held \(BoundedRoute.checkerSetValue(0))) is destroyed"), checkerFailure)
    }
}
