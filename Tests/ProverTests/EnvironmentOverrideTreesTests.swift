import IdentityModel
import Invalidation
import LemmaLogic
import Results
import XCTest

@testable import Prover

/// FINDINGS.md 69: a child whose value of a key stays while its skipped parent's changes is kept by
/// an override in the parent's body, and its printed counterexample writes that override: parsed
/// back, the value reaching each view changes where the counterexample's links say it does.
final class EnvironmentOverrideTreesTests: XCTestCase {
    private static func lemma(_ name: String, tracking: Bool) -> String {
        """
        lemma \(name) {
          summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
          renders a, b, c
          forall p: path in c, q: path in c
          assume childOf(q, p)
          assume rendered(q, a) && rendered(q, b)\(tracking ? " && readsProperty(q, x, b)" : "")
          assume environmentChanged(p, k, c) && !evaluated(p, c)
          show environmentChanged(q, k, c)
        }
        """
    }

    /// Refuted, and on the printed renders of b and c the value of `\.k0` reaching p changes while
    /// the one reaching q does not (with the lemma's tracking atom too, the shape of
    /// `runParentDependencyTracking`). Before, q was printed without the override, following p.
    func testThePrintedRendersKeepTheChildsValueBelowTheSkippedParent() throws {
        let sources = ["plain": Self.lemma("plain", tracking: false), "tracking": Self.lemma("tracking", tracking: true)]
        let reports = try SingleLemmaFile.runAll(sources)
        XCTAssertEqual(reports.count, 2)
        for report in reports {
            let source = try XCTUnwrap(sources[report.name])
            let example = try PrintedCounterexampleRoundTripTests.refuted(report, source: source)
            XCTAssertEqual(example.renders.map(\.name), ["a", "b", "c"], report.name)
            let reaching = try example.renders.map { render in
                try Dictionary(
                    ViewTreeParser.parse(render.code).root.preorder.map { ($0.label, $0.environment["k0"]) },
                    uniquingKeysWith: { first, _ in first })
            }
            XCTAssertNotEqual(reaching[1]["p"] ?? nil, reaching[2]["p"] ?? nil, "\(report.name): p's value\n\(example.renders[2].code)")
            XCTAssertEqual(reaching[1]["q"] ?? nil, reaching[2]["q"] ?? nil, "\(report.name): q's value\n\(example.renders[1].code)\n\(example.renders[2].code)")
            try PrintedCounterexampleRoundTripTests.assertRoundTrip(example, rules: "runtime", source: source)
        }
    }

    /// An override stands for the whole life of its view's identity (a modifier is part of the
    /// view's type), so it is written in every render of it, also where its value is its parent's:
    /// q keeps its value while p's changes (an override), then, as a new identity without one, keeps
    /// it while p's stays, so the override's value is p's in b. The printer wrote the override in a
    /// only, so the printed q was a new view in b, run, where the trees had it survive, compared
    /// equal and skipped. Through a child and through a row.
    func testAnOverrideIsWrittenInEveryRenderItStandsIn() throws {
        let sources = [
            "child": Self.standing(link: "childOf(q, p)"),
            "row": Self.standing(link: "rowOf(q, p)"),
        ]
        let reports = try SingleLemmaFile.runAll(sources)
        XCTAssertEqual(reports.count, 2)
        for report in reports {
            let source = try XCTUnwrap(sources[report.name])
            let example = try PrintedCounterexampleRoundTripTests.refuted(report, source: source)
            let writes = try Self.writes(on: "q", in: example)
            XCTAssertEqual(writes.count, 3, report.name)
            XCTAssertFalse(writes[0].isEmpty, "\(report.name): q's override in a\n\(example.renders[0].code)")
            XCTAssertEqual(writes[0], writes[1], "\(report.name): the override on the surviving q in a and b\n\(example.renders[1].code)")
            try PrintedCounterexampleRoundTripTests.assertRoundTrip(example, rules: "runtime", source: source)
        }
    }

    /// The red team's other side: a printer inventing a write would make a counterexample lie as
    /// surely as one dropping it. Below a skipped parent a surviving child whose value follows its
    /// parent's change has no override (a body that did not run keeps its write, so an override
    /// would keep the value): no render prints a write on it, or on its parent, through a child or a row.
    func testNoWriteIsPrintedWhereNoOverrideStands() throws {
        let sources = [
            "child": Self.following(link: "childOf(q, p)"),
            "row": Self.following(link: "rowOf(q, p)"),
        ]
        let reports = try SingleLemmaFile.runAll(sources)
        XCTAssertEqual(reports.count, 2)
        for report in reports {
            let source = try XCTUnwrap(sources[report.name])
            let example = try PrintedCounterexampleRoundTripTests.refuted(report, source: source)
            for label in ["p", "q"] {
                XCTAssertEqual(try Self.writes(on: label, in: example), [[], []], "\(report.name): \(label)\n\(example.renders.map(\.code))")
            }
            try PrintedCounterexampleRoundTripTests.assertRoundTrip(example, rules: "runtime", source: source)
        }
    }

    /// The trees hold a row's override as its `.environment` step at every render of its identity,
    /// and on the other row of its slot (the closure writes it on every row it makes); two rows of
    /// one `ForEach`, one written on and one not, are no tree: the rows share the closure's write
    /// (FINDINGS.md 78), so the reach refuses the history, and were such trees built, their two
    /// contents would be refused too (`RowSlot.mixedContent`).
    func testTheTreesHoldARowsOverrideOnEveryRowOfItsForEach() throws {
        let kept = RowChange(keyKept: true)
        // p's value of k changes below a root that did not run; p's body does not run either.
        let parent = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], keyChanges: [0])]
        let keeps = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0], row: kept)]
        let follows = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0], keyChanges: [0], row: kept)]
        let trees = ViewChainTrees(histories: [parent, keeps, keeps], parents: [nil, 0, 0], names: ["p", "q", "s"])
        XCTAssertNil(trees.unrealizableEnvironmentKey)
        XCTAssertNil(trees.unrealizableRows.map { [$0.first, $0.second] })
        let writes = trees.renders[0].map { root in
            Dictionary(root.preorder.map { ($0.label, PrintedCounterexampleRoundTripTests.environmentWrites($0)) }, uniquingKeysWith: { a, _ in a })
        }
        XCTAssertEqual(writes.count, 2)
        for render in writes {
            XCTAssertEqual(render["p"], [], "\(render)")
            for label in ["q", "s", "q_other"] { XCTAssertEqual(render[label]?.count, 1, "\(label): \(render)") }
            XCTAssertEqual(render["q"], render["q_other"], "\(render)")
        }
        XCTAssertEqual(writes[0]["q"], writes[1]["q"], "the override stays below the skipped parent")
        let mixed = ViewChainTrees(histories: [parent, keeps, follows], parents: [nil, 0, 0], names: ["p", "q", "s"])
        XCTAssertEqual(mixed.unrealizableEnvironmentKey, 0, "a row written on beside one that is not")
        guard case .notRealized = InvalidationReplay.observe(
            [parent, keeps, follows], parents: [nil, 0, 0], names: ["p", "q", "s"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("a row written on beside one that is not was realized") }
        let row = ViewValue("View")
        let values = [(values: [row, row], erased: false), (values: [row, row], erased: false), (values: [row, row], erased: false)]
        let slots = RowSlot.slots(rows: [1, 2], parents: [nil, 0, 0])
        XCTAssertEqual(
            RowSlot.mixedContent(values: values, writes: [[[], []], [["k0"], ["k0"]], [[], []]], slots: slots, parents: [nil, 0, 0])
                .map { [$0.first, $0.second] }, [1, 2])
        XCTAssertNil(RowSlot.mixedContent(values: values, writes: [[[], []], [["k0"], ["k0"]], [["k0"], ["k0"]]], slots: slots, parents: [nil, 0, 0]))
    }

    /// q survives from a to b with its value while p's changes, then is new with its value while p's stays.
    private static func standing(link: String) -> String {
        """
        lemma \(link.hasPrefix("row") ? "row" : "child") {
          summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
          renders a, b, c
          forall p: path in c, q: path in c
          assume \(link)
          assume rendered(q, a) && !rendered(q, b) && declaresKey(q, k)
          assume environmentChanged(p, k, b) && !environmentChanged(q, k, b) && !environmentChanged(q, k, c)
          show environmentChanged(p, k, c)
        }
        """
    }

    /// q survives and follows its skipped parent's change of k.
    private static func following(link: String) -> String {
        """
        lemma \(link.hasPrefix("row") ? "row" : "child") {
          summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
          forall p: path in after, q: path in after
          assume \(link)
          assume rendered(q, before) && !evaluated(p, after) && declaresKey(q, k)
          assume environmentChanged(p, k, after) && environmentChanged(q, k, after)
          show !evaluated(q, after)
        }
        """
    }

    /// Per render of `example`, the `.environment` writes the printed line of the view labelled
    /// `label` holds, parsed back (`PrintedCounterexampleRoundTripTests.environmentWrites`), checked
    /// to be the trees' own.
    private static func writes(on label: String, in example: Counterexample) throws -> [[String]] {
        try zip(example.renders, example.viewTrees).map { render, tree in
            let printed = RenderPrinter.printedLabels(tree)[label] ?? label
            let parsed = try XCTUnwrap(try ViewTreeParser.parse(render.code).root.preorder.first { $0.label == printed }, render.code)
            let node = try XCTUnwrap(tree.preorder.first { $0.label == label }, render.code)
            XCTAssertEqual(
                PrintedCounterexampleRoundTripTests.environmentWrites(parsed), PrintedCounterexampleRoundTripTests.environmentWrites(node),
                render.code)
            return PrintedCounterexampleRoundTripTests.environmentWrites(parsed)
        }
    }
}
