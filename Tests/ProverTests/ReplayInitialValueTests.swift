import IdentityModel
import LemmaLanguage
import LemmaLogic
import XCTest

@testable import Encoding
@testable import Prover

/// FINDINGS.md 4: a render no path is bound in passes the `initialValue` the model gives it, so a
/// correct counterexample over five renders replays instead of ending in an internal error.
final class ReplayInitialValueTests: XCTestCase {
    private let lemmaText = """
        lemma five_renders_state_is_initial {
          source R1; rules runtime; expect holds
          renders a, b, c, d, e
          forall p: path in a, q: path in e
          assume survives(p, q)
          assume !rendered(p, c)
          assume forall i in p: p[i].kind == .container => p[i].container == .VStack
          show q.state == q.initial
        }
        """

    private func spec() throws -> LemmaSpec {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "f4.lemma", text: lemmaText)])
        let lemma = try XCTUnwrap(loaded.lemmas.first, loaded.diagnostics.map(\.description).joined(separator: "\n"))
        return try XCTUnwrap(LemmaCompiler.compile(lemma, rules: .runtime))
    }

    /// The finding's model: the view comes back in `d` with initialValue 5, which `e` (passing 7)
    /// keeps. `d` is realized as a copy of a bound render, which passes 0 or 7.
    private func model(initialInD: Int, stateInE: Int, qInitialInD: Int? = nil) -> [DecodedPath] {
        let p = DecodedPath(
            name: "p", steps: [.forEach(source: .keyPath, key: .int(0), offset: 1)], leafType: ViewType("View1"),
            initial: 0, state: 0, rendered: [true, false, false, true, true], firstRenderState: 0,
            cacheKept: [true, true, true, true, true], initials: [0, nil, nil, initialInD, 7])
        let q = DecodedPath(
            name: "q", steps: [.forEach(source: .keyPath, key: .int(0), offset: 0)], leafType: ViewType("View1"),
            initial: 7, state: stateInE, rendered: [true, false, false, true, true], firstRenderState: 0,
            cacheKept: [true, true, true, true, true], initials: [0, nil, nil, qInitialInD ?? initialInD, 7])
        return [p, q]
    }

    func testAnUnboundRenderPassesTheModelsInitialValueAndTheCounterexampleReplays() throws {
        let counterexample = try Replay.solverPaths(model(initialInD: 5, stateInE: 5), lemma: try spec())
        let q = try XCTUnwrap(counterexample.bound.last)
        XCTAssertEqual(q.state, 5, "q keeps the state d allocated with its initialValue 5")
        XCTAssertEqual(q.initialValue, 7)
        let d = counterexample.trees[3].statefulPaths(rules: .runtime, generation: 3)
        XCTAssertEqual(d.filter { $0.identity == q.identity }.map(\.initial), [5], "render d passes the model's initialValue")
    }

    /// A model whose unbound render's initialValue no tree can match is an over-approximation (the
    /// route blocks it and tries another, then says unknown), never an internal error.
    func testAModelThatDoesNotViolateTheLemmaOnTreesIsUnrealizableWhenItsInitialValuesDiffer() throws {
        // The model gives one identity two initialValues in d (5 for p, 7 for q); the tree passes
        // 7, q keeps it, and on trees the lemma holds.
        XCTAssertThrowsError(try Replay.solverPaths(model(initialInD: 5, stateInE: 7, qInitialInD: 7), lemma: try spec())) { error in
            guard let replay = error as? ReplayError else { return XCTFail("\(error)") }
            XCTAssertTrue(replay.isOverApproximation, "\(replay)")
        }
    }
}
