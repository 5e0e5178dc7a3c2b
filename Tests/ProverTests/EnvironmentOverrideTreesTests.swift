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
    /// one `ForEach` below a skipped parent, one keeping its value while the parent's changes and
    /// one following it, would need one written on and one not: no tree (FINDINGS.md 76), and the
    /// rows are never built as two contents.
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
        XCTAssertNil(mixed.unrealizableRows.map { [$0.first, $0.second] })
        // The same rows below a parent that ran: one write on both, each row's value its own.
        let ran = parent.map { link in ViewLink(survives: true, parentEvaluated: true, old: [], new: [], keyChanges: link.keyChanges) }
        let running = [keeps, follows].map { $0.map { link in ViewLink(survives: true, parentEvaluated: true, old: [], new: [], declaredKeys: link.declaredKeys, keyChanges: link.keyChanges, row: kept) } }
        let shared = ViewChainTrees(histories: [ran] + running, parents: [nil, 0, 0], names: ["p", "q", "s"])
        XCTAssertNil(shared.unrealizableEnvironmentKey)
        XCTAssertNil(shared.unrealizableRows.map { [$0.first, $0.second] })
        for root in shared.renders[0] {
            let written = Dictionary(root.preorder.map { ($0.label, PrintedCounterexampleRoundTripTests.environmentWrites($0)) }, uniquingKeysWith: { a, _ in a })
            for label in ["q", "s", "q_other"] { XCTAssertEqual(written[label]?.count, 1, "\(label): \(written)") }
        }
    }

    /// What the replay's refusal of two contents names: the `.environment` writes where they are
    /// all that differs (the red team read "@State, ==, .equatable() or AnyView" for a write), the
    /// type otherwise.
    func testTwoContentsAreRefusedNamingWhatDiffers() {
        let view = ViewValue("View", [], hasState: true)
        let slots = RowSlot.slots(rows: [1, 2], parents: [nil, 0, 0])
        let values = [(values: [view], erased: false), (values: [view], erased: false), (values: [view], erased: false)]
        XCTAssertNil(RowSlot.mixedContent(values: values, writes: [[[]], [["k0"]], [["k0"]]], slots: slots, parents: [nil, 0, 0]))
        let written = RowSlot.mixedContent(values: values, writes: [[[]], [["k0"]], [[]]], slots: slots, parents: [nil, 0, 0])
        XCTAssertEqual(written.map { [$0.first, $0.second] }, [1, 2])
        XCTAssertEqual(written?.difference, .environmentWrites(first: ["k0"], second: []))
        let stateless = [values[0], values[1], (values: [ViewValue("View", [], hasState: false)], erased: false)]
        XCTAssertEqual(
            RowSlot.mixedContent(values: stateless, writes: [[[]], [["k0"]], [[]]], slots: slots, parents: [nil, 0, 0])?.difference, .type)
    }

    /// FINDINGS.md 76, the red team's probe: two rows, p's value of k changes, q's does not, so s's
    /// does not either. False: one `.environment` write in the ForEach's closure on both rows, q's
    /// value kept, s's following p's. Was `unknown` (no-replay: Z3's models wrote on one row only,
    /// two contents); now refuted by Z3 with a write on both rows in every render, and the printed
    /// counterexample runs back to its verdicts.
    func testTwoRowsOfOneForEachAreWrittenOnTogether() throws {
        let source = Self.twoRows(assume: "environmentChanged(p, k, after) && !environmentChanged(q, k, after)", show: "!environmentChanged(s, k, after)")
        let report = try SingleLemmaFile.run(source)
        let example = try PrintedCounterexampleRoundTripTests.refuted(report, source: source)
        XCTAssertEqual(example.origin, .z3, report.message)
        let q = try Self.writes(on: "q", in: example)
        let s = try Self.writes(on: "s", in: example)
        for writes in [q, s] {
            XCTAssertEqual(writes.map { $0.map { $0.prefix(3) } }, [["k0="], ["k0="]], "\(example.renders.map(\.code))")
        }
        XCTAssertEqual(q[0], q[1], "q keeps its value")
        XCTAssertNotEqual(s[0], s[1], "s's value follows p's change")
        try PrintedCounterexampleRoundTripTests.assertRoundTrip(example, rules: "runtime", source: source)
    }

    /// The true neighbour: below a skipped parent, which hands its rows down with its writes, a
    /// row that follows the parent's change has no write, so its sibling has none and follows too.
    /// Z3's query does not know that rows share their writes (only its search prefers it), so it is
    /// not proved; it must never be refuted.
    func testATrueTwoRowLemmaOfTheSameShapeIsNotRefuted() throws {
        let source = Self.twoRows(
            assume: "!evaluated(p, after) && !revived(q, after) && !revived(s, after) && environmentChanged(q, k, after)",
            show: "environmentChanged(s, k, after)", expect: "holds")
        let report = try SingleLemmaFile.run(source)
        switch report.outcome {
        case .refuted, .error: XCTFail("\(report.outcome): \(report.message)")
        default: break
        }
    }

    /// Two rows q and s of p's `ForEach`, both declaring k.
    private static func twoRows(assume: String, show: String, expect: String = "refuted") -> String {
        """
        lemma two_rows {
          summary "x"; source I10, R8; rules runtime; invalidation runtime; expect \(expect)
          forall p: path in after, q: path in after, s: path in after
          assume rowOf(q, p)
          assume rowOf(s, p)
          assume declaresKey(q, k) && declaresKey(s, k)
          assume \(assume)
          show \(show)
        }
        """
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
