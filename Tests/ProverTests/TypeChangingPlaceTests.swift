import IdentityModel
import Invalidation
import LemmaLogic
import XCTest

@testable import Prover

/// FINDINGS.md 46, the two-render case: a link's earlier view has a type of its own where its
/// identity is new (`ViewLink.oldType`; Z3's `hasStateOld`), so "a place whose state was set has
/// `@State` at the next render though its identity was lost" is refuted with a counterexample the
/// replay builds, whose trees show the place's two types under `AnyView` and parse back. With one
/// type per link the set view of that counterexample had no `@State`, which no tree builds, and the
/// lemma was `unknown`.
final class TypeChangingPlaceTests: XCTestCase {
    static func lemma(
        renders: String = "", in last: String = "after", after render: String = "before", _ assumption: String, show: String
    ) -> String {
        """
        lemma type_change {
          summary "x"; source I1, I8, R5; rules runtime; invalidation runtime; expect refuted
          \(renders)
          forall p: path in \(last)
          mutate p after \(render)
          assume \(assumption)
          show \(show)
        }
        """
    }

    func testASetPlaceOverANewIdentityIsRefutedWithTwoTypes() throws {
        let cases = [
            (Self.lemma("!rendered(p, before)", show: "p.hasState == true"), 2),
            (Self.lemma("!rendered(p, before)", show: "p.pod == false"), 2),
            (Self.lemma(renders: "renders a, b, c", in: "c", after: "b", "!rendered(p, b) && rendered(p, a)", show: "p.hasState == true"), 3),
        ]
        for (source, renders) in cases {
            let report = try SingleLemmaFile.run(source)
            guard case .refuted(let counterexample) = report.outcome else {
                XCTFail("\(report.outcome): \(report.message)\n\(source)")
                continue
            }
            XCTAssertEqual(counterexample.origin, .z3, source)
            let history = try XCTUnwrap(counterexample.histories?.links.first, source)
            let last = try XCTUnwrap(history.last)
            // The set view had @State; the new identity after it has none.
            XCTAssertFalse(last.survives, source)
            XCTAssertFalse(last.hasState, source)
            XCTAssertTrue(last.earlierType.hasState, source)
            XCTAssertTrue(last.isWellFormed, source)
            XCTAssertEqual(counterexample.renders.count, renders, source)
            let views = try counterexample.renders.map { render in try XCTUnwrap(Self.parsedView(render.code), render.code) }
            // Each render's view is an `AnyView`, of one type while the identity survives and of
            // another at the new identity.
            for view in views { XCTAssertEqual(view.steps.count, 2, "\(view.steps)") }
            XCTAssertEqual(views.map(\.value.type), (0..<renders).map { ViewType($0 == renders - 1 ? "ViewB" : "ViewA") }, source)
            XCTAssertEqual(views.map(\.value.hasState), (0..<renders).map { $0 != renders - 1 }, source)
            XCTAssertTrue(counterexample.renders[0].code.contains("AnyView(ViewA("), counterexample.renders[0].code)
            XCTAssertTrue(try XCTUnwrap(counterexample.renders.last).code.contains("AnyView(ViewB("), source)
            XCTAssertTrue(try XCTUnwrap(counterexample.paths.first).contains("AnyView(ViewB("), "\(counterexample.paths)")
            // The trees parse back to the ones `BodyEvaluator` ran: the same steps and values.
            for (view, tree) in zip(views, counterexample.viewTrees.map(Self.lemmaView)) {
                XCTAssertEqual(view.steps, tree.steps, source)
                XCTAssertEqual(view.value.type, tree.value.type, source)
                XCTAssertEqual(view.value.properties.map(\.value.kind), tree.value.properties.map(\.value.kind), source)
            }
        }
    }

    /// `holdsBindingOf` reads the earlier view's properties, which are its own type's where the
    /// identity is new (`propsOld`): a holder whose type changed may have none after. With the later
    /// view's count for both, this false lemma was proved unbounded.
    func testABindingHolderOfAnotherTypeMayHaveNoProperty() throws {
        let source = """
            lemma binding_holder {
              summary "x"; source I1, I8, R5; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after
              assume childOf(q, p)
              assume holdsBindingOf(q, p) && !rendered(q, before)
              show q.props >= 1
            }
            """
        let report = try SingleLemmaFile.run(source)
        guard case .refuted(let counterexample) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
        XCTAssertEqual(counterexample.origin, .z3)
        let holder = try XCTUnwrap(counterexample.histories?.links.last?.first)
        XCTAssertFalse(holder.survives)
        XCTAssertEqual(holder.new.count, 0)
        XCTAssertTrue(holder.old.contains { $0.kind == .projectedBinding || $0.kind == .keyPathBinding }, "\(holder)")
        XCTAssertTrue(holder.isWellFormed)
        // The holder's two types print under `AnyView` and parse back (the parent's view holds it).
        for (render, type) in zip(counterexample.renders, ["ViewA", "ViewB"]) {
            let parent = try XCTUnwrap(Self.parsedView(render.code), render.code)
            let child = try XCTUnwrap(parent.children.first, render.code)
            XCTAssertEqual(child.value.type, ViewType(type), render.code)
            XCTAssertEqual(child.steps.count, 2, render.code)
        }
        // A holder that survives keeps its type, so its property.
        var proved = source.replacingOccurrences(of: "!rendered(q, before)", with: "rendered(q, before)")
        proved = proved.replacingOccurrences(of: "expect refuted", with: "expect holds")
        let kept = try SingleLemmaFile.run(proved)
        guard case .proved(.unbounded) = kept.outcome else { return XCTFail("\(kept.outcome): \(kept.message)") }
    }

    /// The true neighbour stays proved: a set place whose identity survives keeps its type.
    func testASetPlaceThatSurvivesKeepsItsState() throws {
        var source = Self.lemma("rendered(p, before)", show: "p.hasState == true")
        source = source.replacingOccurrences(of: "expect refuted", with: "expect holds")
        let report = try SingleLemmaFile.run(source)
        guard case .proved(.unbounded) = report.outcome else { return XCTFail("\(report.outcome): \(report.message)") }
    }

    /// The one link's trees: the earlier view's own type is built, named and erased, and a link
    /// without one keeps `View` with no `AnyView`.
    func testALinkWithAnEarlierTypeIsBuiltAsTwoTypesUnderAnyView() throws {
        let earlier = ViewLinkType(equality: .alwaysTrue, equatable: true, hasState: true, declaresUnnamedEnvironment: false)
        let link = ViewLink(
            survives: false, parentEvaluated: true, old: [.plain(1)], new: [.plain(2)], stateSet: nil, oldType: earlier)
        XCTAssertTrue(link.isWellFormed)
        let trees = ViewLinkTrees(link)
        let before = try XCTUnwrap(Self.parsedView(trees.code.before), trees.code.before)
        let after = try XCTUnwrap(Self.parsedView(trees.code.after), trees.code.after)
        XCTAssertTrue(trees.code.before.contains("AnyView(ViewA(p0: 1, state: 0) == true.equatable()).id(0) @view"), trees.code.before)
        XCTAssertTrue(trees.code.after.contains("AnyView(ViewB(p0: 2)).id(1) @view"), trees.code.after)
        XCTAssertEqual(before.steps, trees.before.children[0].steps)
        XCTAssertEqual(after.steps, trees.after.children[0].steps)
        XCTAssertEqual(before.value.staticType, trees.before.children[0].value.staticType)
        XCTAssertEqual(before.value.equality, .alwaysTrue)
        let observed = trees.observe(rules: .runtime, identityRules: .runtime)
        XCTAssertFalse(observed.survives)

        var same = link
        same.oldType = nil
        let plain = ViewLinkTrees(same)
        XCTAssertEqual(plain.before.children[0].steps, [.explicitID(.int(0))])
        XCTAssertTrue(plain.code.before.contains("View(p0: 1).id(0) @view"), plain.code.before)

        // A surviving identity keeps its type: an earlier type of its own is no Swift view.
        var survivor = link
        survivor.survives = true
        XCTAssertFalse(survivor.isWellFormed)
    }

    /// A parent whose type changes at a new identity keeps its child in its body: the chain trees
    /// print both under `AnyView` and parse back with the child inside.
    func testAnErasedParentPrintsItsChildAndParsesBack() throws {
        let earlier = ViewLinkType(equality: .notEquatable, equatable: false, hasState: true, declaresUnnamedEnvironment: false)
        let parent = ViewLink(survives: false, parentEvaluated: true, old: [], new: [.plain(1)], oldType: earlier)
        let child = ViewLink(survives: false, parentEvaluated: true, old: [.plain(0)], new: [.plain(0)])
        let trees = ViewChainTrees(histories: [[parent], [child]], parents: [nil, 0], names: ["p", "q"])
        let renders = try XCTUnwrap(trees.renders.first)
        XCTAssertEqual(renders.count, 2)
        for (render, type) in zip(renders, ["ViewA", "ViewB"]) {
            let code = RenderPrinter.print(render)
            let view = try XCTUnwrap(Self.parsedView(code), code)
            XCTAssertTrue(code.contains("AnyView(\(type)("), code)
            XCTAssertEqual(view.value.type, ViewType(type), code)
            XCTAssertEqual(view.steps, Self.lemmaView(render).steps, code)
            XCTAssertEqual(view.children.map(\.label), ["q"], code)
            // The child keeps one type, so it is no `AnyView`.
            XCTAssertEqual(view.children.first?.steps.count, 1, code)
        }
        let observed = trees.observe(rules: .runtime, identityRules: .runtime)
        XCTAssertEqual(observed.map { $0.map(\.survives) }, [[false], [false]])
    }

    /// The custom view the tree's root makes (the lemma's path).
    static func lemmaView(_ root: ViewNode) -> ViewNode { root.children.first ?? root }

    /// The view of a printed render, parsed back with comments and binding snapshots removed.
    static func parsedView(_ code: String) throws -> ViewNode? {
        let text = code.split(separator: "\n").map { String($0.components(separatedBy: "//")[0]) }.joined(separator: "\n")
            .replacingOccurrences(of: #" /\* value \d+ \*/"#, with: "", options: .regularExpression)
        return try ViewTreeParser.parse(text).root.children.first
    }
}
