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

    /// An invalidation lemma's `mutate` names the render after which the state is set (`after r`,
    /// any render but the last), over any number of renders (a parent and its child too); everything
    /// else is one E061, and so are a path set twice, `p.set`/`p.state` of a path not mutated, and
    /// `after` in an identity lemma.
    func testMutateInAnInvalidationLemmaNeedsARenderThatAnotherFollows() throws {
        func invalidation(_ body: String) -> String {
            "lemma L {\nsource I8; rules runtime; invalidation runtime; expect holds\n\(body)\n}\n"
        }
        func ids(_ body: String) -> [DiagnosticID] { load(invalidation(body)).diagnostics.map(\.id) }
        XCTAssertEqual(ids("forall p: path in after\nmutate p\nshow evaluated(p, after)"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in after\nmutate p after after\nshow evaluated(p, after)"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in after\nmutate p after later\nshow evaluated(p, after)"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in after\nmutate q after before\nshow evaluated(p, after)"), [.badMutation])
        XCTAssertEqual(ids("forall p: path in after\nmutate p after before, p after before\nshow evaluated(p, after)"), [.badMutation])
        XCTAssertEqual(ids("renders a, b, c\nforall p: path in c\nmutate p after b\nshow evaluated(p, c)"), [])
        XCTAssertEqual(ids("renders a, b, c\nforall p: path in c\nmutate p after c\nshow evaluated(p, c)"), [.badMutation])
        // `p.state` and `p.set` name one set: a second set of the same path, at another render, is refused.
        XCTAssertEqual(ids("renders a, b, c\nforall p: path in c\nmutate p after a, p after b\nshow evaluated(p, c)"), [.badMutation])
        XCTAssertEqual(
            ids("renders a, b, c\nforall p: path in c, q: path in c\nmutate p after a, q after b\nassume childOf(q, p)\n"
                + "show p.set == p.state || q.set == q.state || evaluated(q, c)"),
            [])
        XCTAssertEqual(
            ids("forall p: path in after, q: path in after\nmutate p after before\nassume childOf(q, p)\nshow parentEvaluated(q, after)"),
            [])
        XCTAssertEqual(ids("forall p: path in after\nshow p.set == p.state"), [.badMutation, .badMutation])
        XCTAssertEqual(ids("forall p: path in after, q: path in after\nmutate p after before\nshow q.set == 0"), [.badMutation])
        XCTAssertEqual(
            load(lemma("forall p: path in before, q: path in after\nmutate p after before\nshow true")).diagnostics.map(\.id), [.badMutation])
        // The state is an `Int`, compared by `==`: a lemma cannot say that it is of a non-`Equatable`
        // type (whose `compareValues` may find a set of an equal value different), so "a set of the
        // value held runs nothing" is never read as covering one.
        XCTAssertEqual(
            ids("forall p: path in after\nmutate p after before\nassume p.stateEquatable == false && p.set == p.state\nshow !evaluated(p, after)"),
            [.unknownPathField])
        let result = load(invalidation("forall p: path in after, q: path in after\nmutate q after before\nshow p.props == 0 || q.set != q.state"))
        XCTAssertEqual(headlines(result.diagnostics), [])
        let checked = try XCTUnwrap(result.lemmas.first?.invalidation)
        XCTAssertEqual(checked.mutated, [1: 0])
        XCTAssertEqual(checked.conclusion.description, "(p0.props == 0 || p1.set != p1.state)")
        // Over three renders `p.state` and `p.set` are about the set's transition, whatever the render.
        let three = load(invalidation("renders a, b, c\nforall p: path in c\nmutate p after b\nshow p.set == p.state"))
        XCTAssertEqual(headlines(three.diagnostics), [])
        let set = try XCTUnwrap(three.lemmas.first?.invalidation)
        XCTAssertEqual(set.mutated, [0: 1])
        XCTAssertEqual(set.conclusion, .compare(.equal, .view(path: 0, .set, transition: 1), .view(path: 0, .state, transition: 1)))
    }

    func testTheTreeEvaluatorReadsTheValueSet() {
        let path = ViewPath(steps: [], leafType: ViewType("Counter"), initial: 0, label: nil, address: [], identity: Identity([]))
        let set = LogicFormula.compare(.equal, .pathField(path: 0, .set), .int(4))
        XCTAssertTrue(TreeEvaluator(rules: .runtime, witnesses: [PathWitness(path: path, state: 1, generation: 0, set: 4)]).holds(set))
        XCTAssertFalse(TreeEvaluator(rules: .runtime, witnesses: [PathWitness(path: path, state: 1, generation: 0, set: 3)]).holds(set))
        XCTAssertFalse(TreeEvaluator(rules: .runtime, witnesses: [PathWitness(path: path, state: 4, generation: 0)]).holds(set))
    }
}
