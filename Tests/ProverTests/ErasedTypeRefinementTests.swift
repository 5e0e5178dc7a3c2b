import Encoding
import IdentityModel
import LemmaLogic
import XCTest

@testable import Prover

/// `SolverRoute` asks the query with AnyView's erased-type facts (`ContentTypes`) only when the plain
/// query's models through an AnyView do not fit a tree: the true lemma needs the second query, a
/// false one is refuted on the first, and neither the facts nor the second query prove a false one.
final class ErasedTypeRefinementTests: XCTestCase {
    private static let text = """
        lemma same_leaf_in_another_program {
          rules runtime; expect holds
          renders before, after, any program
          forall p: path in before, q: path in after
          assume p.length == 1 && q.length == 1 && p[0].kind == .anyView && q[0].kind == .anyView
          assume p.leafType == q.leafType
          show survives(p, q)
        }
        lemma any_leaf_in_another_program {
          rules runtime; expect holds
          renders before, after, any program
          forall p: path in before, q: path in after
          assume p.length == 1 && q.length == 1 && p[0].kind == .anyView && q[0].kind == .anyView
          show survives(p, q)
        }
        lemma named_like_a_built_type {
          rules runtime; expect holds
          renders before, after, any program
          forall p: path in before, q: path in after
          assume p.length == 1 && q.length == 1 && p[0].kind == .anyView && q[0].kind == .anyView
          assume p.leafType == q.leafType && p.leafType != "Optional<Counter>"
          show survives(p, q)
        }
        """

    private func spec(_ name: String) throws -> LemmaSpec {
        try XCTUnwrap(try SharedWalkRedTeamTests.specs(Self.text).first { $0.name == name })
    }

    func testTheTrueLemmaIsProvedOnlyWithTheFacts() throws {
        let lemma = try spec("same_leaf_in_another_program")
        let plain = try PathLevelQuery(lemma: lemma, budget: .standard)
        guard case .sat = try plain.check() else { return XCTFail("the plain query should have a model") }
        let refined = try PathLevelQuery(lemma: lemma, budget: .standard, contentTypes: true)
        guard case .unsat = try refined.check() else { return XCTFail("the query with the facts should be unsat") }
        guard case .proved = SolverRoute().run(lemma).answer else { return XCTFail("the route should prove it") }
    }

    func testAFalseLemmaIsRefutedAndNeverProved() throws {
        let lemma = try spec("any_leaf_in_another_program")
        let refined = try PathLevelQuery(lemma: lemma, budget: .standard, contentTypes: true)
        guard case .sat = try refined.check() else { return XCTFail("the facts must leave the counterexample") }
        guard case .refuted = SolverRoute().run(lemma).answer else { return XCTFail("the route should refute it") }
    }

    /// A name that a built type could have turns the facts off: the lemma is true on render syntax,
    /// but its proof would rest on reading `Optional<Counter>` as a name, so it stays unknown.
    func testANameLikeABuiltTypeGetsNoFacts() throws {
        let lemma = try spec("named_like_a_built_type")
        let refined = try PathLevelQuery(lemma: lemma, budget: .standard, contentTypes: true)
        guard case .sat = try refined.check() else { return XCTFail("no facts: the erased types stay free") }
        guard case .unknown = SolverRoute().run(lemma).answer else { return XCTFail("expected unknown") }
    }
}
