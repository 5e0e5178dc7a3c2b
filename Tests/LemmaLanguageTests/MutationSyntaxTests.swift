import IdentityModel
import LemmaLogic
import XCTest

@testable import LemmaLanguage

/// `mutate p` and `p.set`: parsed, checked (E061) and lowered to the paths a lemma mutates.
final class MutationSyntaxTests: XCTestCase {
    func testMutateListsPathsInOrderAndSetIsAnInt() throws {
        let result = load(lemma("""
            renders first, second, third
            forall p: path in first, q: path in second, r: path in third
            mutate q, p
            show r.state == q.set + 1 || r.state == p.set
            """))
        XCTAssertEqual(headlines(result.diagnostics), [])
        let lemma = try XCTUnwrap(result.lemmas.first)
        XCTAssertEqual(lemma.identity?.mutations, ["q", "p"])
        let spec = try XCTUnwrap(LemmaCompiler.compile(lemma, rules: .runtime))
        XCTAssertEqual(spec.mutations, [1, 0])
        XCTAssertTrue(spec.readsStore)
        XCTAssertEqual(spec.conclusion.description, "(p2.state == p1.set + 1 || p2.state == p0.set)")
    }

    func testMisusedMutationsAreE061() {
        func ids(_ body: String) -> [DiagnosticID] { load(lemma(body)).diagnostics.map(\.id) }
        XCTAssertEqual(ids("forall p: path in before, q: path in after\nshow q.state == p.set"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in before, q: path in after\nmutate q\nshow true"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in before\nmutate x\nshow true"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in before, q: path in after\nmutate p, p\nshow true"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in before\nshow forall q: path in after: q.set == 0"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in before, q: path in after\nmutate p\nshow q.state == p.set"), [])
    }

    /// An invalidation lemma's `mutate` is one E061 per path, whatever render the path is in, and
    /// nothing else: the lemma says the change as the view's own (`stateRead`), never as a value.
    func testMutateInAnInvalidationLemmaIsE061() {
        func ids(_ body: String) -> [DiagnosticID] {
            load("lemma L {\nsource I8; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n").diagnostics.map(\.id)
        }
        XCTAssertEqual(ids("forall p: path in after\nmutate p\nshow evaluated(p, after)"), [.badMutation])
        XCTAssertEqual(
            ids("renders a, b, c\nforall p: path in c, q: path in c\nmutate p, q\nshow evaluated(p, c)"), [.badMutation, .badMutation])
        XCTAssertEqual(ids("forall p: path in after\nassume stateRead(p, after)\nshow evaluated(p, after)"), [])
    }

    func testTheTreeEvaluatorReadsTheValueSet() {
        let path = ViewPath(steps: [], leafType: ViewType("Counter"), initial: 0, label: nil, address: [], identity: Identity([]))
        let set = LogicFormula.compare(.equal, .pathField(path: 0, .set), .int(4))
        XCTAssertTrue(TreeEvaluator(rules: .runtime, witnesses: [PathWitness(path: path, state: 1, generation: 0, set: 4)]).holds(set))
        XCTAssertFalse(TreeEvaluator(rules: .runtime, witnesses: [PathWitness(path: path, state: 1, generation: 0, set: 3)]).holds(set))
        XCTAssertFalse(TreeEvaluator(rules: .runtime, witnesses: [PathWitness(path: path, state: 4, generation: 0)]).holds(set))
    }
}
