import IdentityModel
import LemmaLogic
import TestSupport
import XCTest
@testable import LemmaLanguage

final class CheckerTests: XCTestCase {
    func testWellFormedLemmaIsTyped() throws {
        let result = load(lemma("""
            forall p: path in before, q: path in after
            assume sameView(p, q)
            assume forall i in p: p[i].kind == .conditional => p[i].arm == q[i].arm
            assume exists i in p: p[i].container == .LazyVStack && p[i + 1].source == .self && i + 1 < p.length
            assume p.leafType == "Counter" && p[0].modifier == "padding" && p[0].key != 3
            show elem(p, 0) == elem(q, 0) && p.identity == q.identity
            """))
        XCTAssertEqual(result.diagnostics, [])
        let lemma = try XCTUnwrap(result.lemmas.first)
        XCTAssertEqual(lemma.ruleSet, .runtime)
        XCTAssertEqual(lemma.expectation, .holds)
        XCTAssertEqual(lemma.sources, [.rule(4)])
        XCTAssertEqual(lemma.renders, ["before", "after"])
        XCTAssertEqual(lemma.paths.map { "\($0.name) in \($0.render)" }, ["p in before", "q in after"])
        let statement = try XCTUnwrap(lemma.identity)
        XCTAssertEqual(statement.assumptions[0].node, .predicate(.sameView, "p", "q"))
        guard case .quantified(.exists, "i", "p", let body) = statement.assumptions[2].node,
            case .and(let lhs, let rhs) = body.node, case .and(let first, let second) = lhs.node,
            case .comparison(.equal, let container, let vstack) = first.node,
            case .comparison(.equal, let source, let selfCase) = second.node,
            case .comparison(.less, let index, let length) = rhs.node
        else { return XCTFail("unexpected shape \(statement.assumptions[2])") }
        XCTAssertEqual(container.node, .stepField(path: "p", index: IndexExpression(variable: "i", offset: 0), field: .container))
        XCTAssertEqual(vstack.node, .container(.LazyVStack))
        XCTAssertEqual(vstack.type, .container)
        XCTAssertEqual(source.node, .stepField(path: "p", index: IndexExpression(variable: "i", offset: 1), field: .source))
        XCTAssertEqual(selfCase.node, .source(.self))
        XCTAssertEqual(index.type, .index(path: "p"))
        XCTAssertEqual(length.type, .int)
        guard case .and(let strings, let key) = statement.assumptions[3].node, case .and(let leaf, let modifier) = strings.node,
            case .comparison(_, _, let counter) = leaf.node, case .comparison(_, _, let padding) = modifier.node,
            case .comparison(.notEqual, _, let three) = key.node
        else { return XCTFail("unexpected shape \(statement.assumptions[3])") }
        XCTAssertEqual(counter.node, .viewType("Counter"))
        XCTAssertEqual(padding.node, .modifier("padding"))
        XCTAssertEqual(three.node, .key(3))
        XCTAssertEqual(statement.conclusion.description, "((elem(p, 0) == elem(q, 0)) && (p.identity == q.identity))")
        guard case .and(let elems, _) = statement.conclusion.node, case .comparison(_, let elem, _) = elems.node else {
            return XCTFail("unexpected conclusion")
        }
        XCTAssertEqual(elem.type, .elem)
    }

    func testFieldTablesMatchTheReadme() {
        XCTAssertEqual(StepField.arm.type, .bool)
        XCTAssertEqual(StepField.key.type, .key)
        XCTAssertEqual(StepField.erased.type, .viewType)
        XCTAssertEqual(StepField.presentBefore.owner, .tuple)
        XCTAssertFalse(StepField.transient.isStatic)
        XCTAssertTrue(StepField.slot.isStatic)
        XCTAssertEqual(PathField.identity.type, .identity)
        XCTAssertEqual(ValueType.kind.enumCases?.count, 8)
    }

    func testRenderedTakesAPathAndADeclaredRender() throws {
        let result = load(lemma("""
            renders before, between, after
            forall p: path in before, q: path in after
            assume !rendered(p, between) && rendered(q, after)
            show q.state == p.state
            """))
        XCTAssertEqual(result.diagnostics, [])
        let checked = try XCTUnwrap(result.lemmas.first)
        XCTAssertEqual(checked.renders, ["before", "between", "after"])
        let statement = try XCTUnwrap(checked.identity)
        guard case .and(let absent, let present) = statement.assumptions[0].node, case .not(let inner) = absent.node
        else { return XCTFail("unexpected shape \(statement.assumptions[0])") }
        XCTAssertEqual(inner.node, .predicate(.rendered, "p", "between"))
        XCTAssertEqual(present.node, .predicate(.rendered, "q", "after"))

        let misuse = load(lemma("""
            forall p: path in before, q: path in after
            show rendered(p, q) && rendered(between, before)
            """))
        XCTAssertEqual(misuse.diagnostics.map(\.id), [.undeclaredRender, .unboundPath])
    }

    func testWellFormedScenario() throws {
        let result = load("""
            scenario S {
              summary "s"; source "seed 001 experiment 3", R7; rules runtime; expect refuted
              render { VStack { Counter(state: 0) @top } }
              set top = 2
              check top == 2
              check undefined
            }
            """)
        XCTAssertEqual(result.diagnostics, [])
        let scenario = try XCTUnwrap(result.scenarios.first)
        XCTAssertEqual(scenario.expectation, .refuted)
        XCTAssertEqual(scenario.steps.count, 4)
    }

    /// The checker resolves `rules NAME` to the set it knows by that name, options and all.
    func testCustomRuleSetList() throws {
        let source = SourceFile(path: "a.lemma", text: lemma("show true").replacingOccurrences(of: "runtime", with: "ios19"))
        XCTAssertEqual(LemmaLoader().load(sources: [source]).diagnostics.map(\.id), [.unknownRuleSet])
        let ios19 = RuleSet(name: "ios19", anyView: .opaque, lazyRetention: false, lazyEviction: true, atomicBodyReads: false)
        let loaded = LemmaLoader(knownRuleSets: [ios19]).load(sources: [source])
        XCTAssertFalse(loaded.hasErrors)
        XCTAssertEqual(try XCTUnwrap(loaded.lemmas.first).ruleSet, ios19)
    }

    func testDuplicateNamesAcrossFilesPointAtTheFirstDefinition() {
        let first = SourceFile(path: "dir/a.lemma", text: lemma("show true"))
        let second = SourceFile(path: "dir/b.lemma", text: "\n" + lemma("show true"))
        let result = LemmaLoader().load(sources: [first, second])
        XCTAssertEqual(result.diagnostics.flatMap { $0.summaryLines() }, [
            "dir/b.lemma:2:7: error: duplicate name 'L' [E025]",
            "dir/a.lemma:1:7: note: 'L' is first defined here",
        ])
        XCTAssertEqual(result.lemmas.count, 1)
        XCTAssertEqual(result.files[1].illFormed.map(\.name), ["L"])
        XCTAssertEqual(result.files[1].illFormed.first?.diagnostics.map(\.id), [.duplicateItem])
    }

    func testIllFormedItemsDoNotHideWellFormedOnes() {
        let result = load(lemma("show true") + "\n" + lemma("show p.length == 1").replacingOccurrences(of: "lemma L", with: "lemma M"))
        XCTAssertEqual(result.lemmas.map(\.name), ["L"])
        XCTAssertEqual(result.files[0].illFormed.map(\.name), ["M"])
        XCTAssertEqual(result.files[0].illFormed.first?.diagnostics.map(\.id), [.unboundPath])
    }

    func testTypeErrors() {
        func ids(_ body: String) -> [DiagnosticID] {
            load(lemma("forall p: path in before, q: path in after\n" + body)).diagnostics.map(\.id)
        }
        XCTAssertEqual(ids("show exists i in p: p[i].key == p[i].arm"), [.typeMismatch])
        XCTAssertEqual(ids("show p.leafType < q.leafType"), [.orderingOnNonInt])
        XCTAssertEqual(ids("show p.length == .tuple"), [.typeMismatch])
        XCTAssertEqual(ids("show exists i in p: p[i].kind == .VStack"), [.unknownEnumCase])
        XCTAssertEqual(ids("show p.state == \"x\""), [.misplacedString])
        XCTAssertEqual(ids("show p == q"), [.typeMismatch, .typeMismatch])
        XCTAssertEqual(ids("show p[i].key == 1"), [.unboundIndex])
        XCTAssertEqual(ids("show exists i in p: exists i in q: true"), [.duplicateBinding])
        XCTAssertEqual(ids("show exists i in i: true"), [.unboundPath])
        XCTAssertEqual(ids("show elem(p, 0)"), [.badArguments])
        XCTAssertEqual(ids("show survives(p, q) == true"), [.badArguments])
        XCTAssertEqual(ids("show exists i in p: p[p].key == 1"), [.unboundIndex])
        XCTAssertEqual(ids("show 1 == 2 && true == false"), [])
    }

    func testLoaderReadsADirectoryRecursively() throws {
        let directory = TemporaryFolder.path("lemmas")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try lemma("show true").write(to: directory.appendingPathComponent("sub/b.lemma"), atomically: true, encoding: .utf8)
        try lemma("show 1 < 2").replacingOccurrences(of: "lemma L", with: "lemma K")
            .write(to: directory.appendingPathComponent("a.lemma"), atomically: true, encoding: .utf8)
        try "not a lemma".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = LemmaLoader().load(directory: directory)
        XCTAssertEqual(result.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["a.lemma", "b.lemma"])
        XCTAssertEqual(result.lemmas.map(\.name), ["K", "L"])
        XCTAssertFalse(result.hasErrors)
        let missing = LemmaLoader().load(files: [directory.appendingPathComponent("missing.lemma")])
        XCTAssertEqual(missing.diagnostics.map(\.id), [.unreadableFile])
    }

    /// A checked lemma states one layer: an invalidation lemma has no identity statement to lower
    /// (before, it carried the conclusion `true`, which `LemmaCompiler` turned into a lemma that
    /// held of everything), and an identity lemma no invalidation statement.
    func testALemmaStatesOneLayerAndOnlyIdentityLemmasLower() throws {
        let result = load("""
            lemma views_new_identity_runs {
              summary "x"; source I1; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !rendered(p, before)
              show evaluated(p, after)
            }
            lemma paths_optional_stays {
              summary "x"; source R3; rules runtime; expect holds
              forall p: path in before
              assume p.length == 1
              show p.length >= 0
            }
            """)
        XCTAssertEqual(result.diagnostics, [])
        let views = try XCTUnwrap(result.lemmas.first { $0.name == "views_new_identity_runs" })
        let paths = try XCTUnwrap(result.lemmas.first { $0.name == "paths_optional_stays" })
        XCTAssertNil(views.identity)
        XCTAssertNotNil(views.invalidation)
        XCTAssertNil(LemmaCompiler.compile(views, rules: .runtime))
        XCTAssertNotNil(views.withoutAssumptions([0]).invalidation)
        XCTAssertNil(paths.invalidation)
        XCTAssertEqual(try XCTUnwrap(LemmaCompiler.compile(paths, rules: .runtime)).assumptions.count, 1)
    }
}
