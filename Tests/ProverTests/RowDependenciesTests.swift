import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover

/// Dependency atoms through a `ForEach` row (`rowOf`, issue 21; row-dependencies.lemma): a row's
/// tracking, environment keys, objects and state object are its own, as a child's; a new key is a
/// new view, which has tracked nothing and makes its own state object; a skipped parent hands down
/// its rows with their keys, offsets and writes. Formerly E097; both routes, the trees and the
/// checker's walks carry them.
final class RowDependenciesTests: XCTestCase {
    private static let file = Repository.root.appendingPathComponent("Lemmas/invalidation/row-dependencies.lemma")

    /// The text of the lemma `name` in row-dependencies.lemma, alone.
    private static func source(_ name: String) throws -> String { try LemmaSource.text(of: name, in: file) }

    /// Every lemma of the file is accepted (a row's dependency atoms were E097) and compiled with
    /// its row; so is a state object beside another dependency atom over three renders (formerly
    /// E097), through a row as through a parent.
    func testFormerlyRefusedLemmasAreAccepted() throws {
        let specs = LemmaSet.invalidationSpecs(files: [Self.file])
        XCTAssertEqual(specs.count, 13)
        for spec in specs {
            XCTAssertFalse(spec.rows.isEmpty, spec.name)
            XCTAssertTrue(
                !spec.observableProperties.isEmpty || !spec.environmentKeys.isEmpty || !spec.objects.isEmpty || spec.namesStateObject,
                "\(spec.name) names no dependency atom")
        }
        let accepted = try SingleLemmaFile.load("""
            lemma state_object_beside_a_key_through_a_row {
              summary "x"; source I12; rules runtime; invalidation runtime; expect holds
              renders a, b, c
              forall p: path in c, q: path in c
              assume rowOf(q, p)
              assume holdsStateObject(q) && environmentChanged(q, k, c)
              show evaluated(q, c)
            }
            """)
        XCTAssertFalse(accepted.contains(where: \.isError), "\(accepted)")
    }

    /// Each true lemma is proved unbounded and broken on both routes by the mutant of the rule it
    /// rests on: I8's own change (a tracked change, a key's change, a send), the registrar merging
    /// what a run read, I12's object made once per identity, and R8's key (a new key is a new view,
    /// which tracked nothing: under `forEachKeyIgnored` it keeps its identity and its tracking).
    func testTheTrueLemmasAreProvedAndEachBrokenByAMutant() throws {
        let cases: [(String, InvalidationMutation)] = [
            ("inval_row_tracked_change_runs_the_row_below_a_skipped_parent", .ownChangeIgnored),
            ("inval_row_rerun_row_keeps_what_it_tracked", .trackingReplacedEachEvaluation),
            ("inval_row_declared_key_runs_the_row_below_a_skipped_parent", .ownChangeIgnored),
            ("inval_row_send_runs_the_observing_row_below_a_skipped_parent", .ownChangeIgnored),
            ("inval_row_state_object_kept_while_its_key_is_kept", .stateObjectRemade),
        ]
        for (name, mutant) in cases {
            _ = try SingleLemmaFile.assertProvedAndBroken(try Self.source(name), by: mutant)
        }
        _ = try SingleLemmaFile.assertProvedAndBroken(try Self.source("inval_row_with_a_new_key_tracks_nothing"), byIdentity: .forEachKeyIgnored)
    }

    /// The red team's lemmas, each what the routes would prove if they ignored a row's new key for
    /// its tracking or its state object, dropped the override inside the `ForEach`'s closure (its
    /// printed renders write the override in every render it stands in, so they run back:
    /// `EnvironmentOverrideTreesTests`), or took a row's tracking from a sibling or its parent:
    /// refuted by both routes (the sibling by Z3
    /// alone: three paths are beyond the checker), each counterexample replayed on trees whose row
    /// is in a `ForEach` of its parent's body. The sibling as a second row of the `ForEach` (formerly
    /// E049, now two rows with offsets of their own: SiblingRowsTests) is refuted by both routes.
    func testTheRedTeamsLemmasAreRefutedOnRowTrees() throws {
        let names = [
            "false_row_with_a_new_key_keeps_its_tracking", "false_row_parent_read_runs_the_row",
            "false_row_with_a_new_key_keeps_its_state_object", "false_row_declared_key_runs_the_row_under_hand_written_rules",
            "false_row_key_change_is_its_parents",
        ]
        for name in names {
            try SingleLemmaFile.assertRefutedByBothRoutes(try Self.source(name))
        }
        let sibling = try Self.source("false_row_runs_for_its_siblings_tracked_change")
        try SingleLemmaFile.assertRefutedByBothRoutes(sibling, checker: false)
        let spec = try SingleLemmaFile.compile(sibling)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
            return XCTFail("Z3 did not refute \(spec.name)")
        }
        // The row in a ForEach block of the parent's body beside its sibling, q skipped while s runs for a.
        XCTAssertTrue(counterexample.renders.allSatisfy { $0.code.contains("ForEach(") }, "\(counterexample.renders)")
        XCTAssertTrue(counterexample.verdicts.contains { $0.variable == "s" && $0.transition == 1 && $0.evaluated }, "\(counterexample.verdicts)")
        XCTAssertTrue(counterexample.verdicts.contains { $0.variable == "q" && $0.transition == 1 && !$0.evaluated }, "\(counterexample.verdicts)")
        guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
            return XCTFail("the checker claims to enumerate a row and a child beside their parent")
        }
        // As a second row of the ForEach the sibling is within the checker's walk of two rows over two renders.
        let twoRows = sibling.replacingOccurrences(of: "childOf(s, p)", with: "rowOf(s, p)")
        XCTAssertFalse(try SingleLemmaFile.load(twoRows).contains(where: \.isError))
        try SingleLemmaFile.assertRefutedByBothRoutes(twoRows)
        // FINDINGS.md 76: two rows written on by one closure, each with its own value.
        try SingleLemmaFile.assertRefutedByBothRoutes(try Self.source("false_sibling_rows_see_one_change_of_a_key"))
    }

    /// The chain trees hold the row in a `ForEach` of its parent's body and carry its environment
    /// and tracking as a child's: a key's change reaching both through a skipped parent runs the
    /// row, whose registrar records its own reads; a row's change its skipped parent did not see is
    /// no tree (the write inside the closure stays with the parent's output), nor is a new row that
    /// kept its tracking, nor a skipped parent that moved its row.
    func testTheTreesCarryTheRowsEnvironmentAndTracking() throws {
        let kept = RowChange(keyKept: true)
        let parent = [
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], keyChanges: [0]),
            ViewLink(survives: true, parentEvaluated: false, old: [], new: []),
        ]
        let row = [
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], reads: [0], declaredKeys: [0], keyChanges: [0], row: kept),
            ViewLink(survives: true, parentEvaluated: false, old: [], new: [], declaredKeys: [0], row: kept),
        ]
        func observe(_ histories: [[ViewLink]]) -> InvalidationReplay.ChainObservation {
            InvalidationReplay.observe(histories, parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        }
        let tracked = ViewChainTrees.carrying(
            [parent, row], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime
        ).histories
        XCTAssertEqual(tracked[1][1].tracked, [0], "the row run by its key records what it read")
        XCTAssertEqual(tracked[0][1].tracked, [], "the skipped parent records nothing")
        guard case .realized(let trees, let observed) = observe(tracked) else {
            return XCTFail("a key's change reaching a row through a skipped parent was not realized")
        }
        XCTAssertEqual(observed.map { $0[0].view.evaluated }, [false, true])
        let printed = RenderPrinter.print(trees.renders[0][1])
        XCTAssertTrue(printed.contains("ForEach(["), printed)
        XCTAssertEqual(RenderPrinter.printedLabels(trees.renders[0][1])["q"], "q[10]", printed)

        var unseen = tracked
        unseen[0][0].keyChanges = []
        guard case .notRealized = observe(unseen) else {
            return XCTFail("a row's key change that its skipped parent did not hand down was realized")
        }
        // The parent's body runs at the second transition (signalled), so its ForEach may give the
        // row a new key or move it; a new row has tracked nothing, and only a parent that ran moves it.
        var ran = tracked
        ran[0][1].signalled = true
        ran[1][1].parentEvaluated = true
        var newRow = ran
        newRow[1][1].survives = false
        newRow[1][1].row = RowChange(keyKept: false)
        newRow[1][1].tracked = []
        guard case .realized = observe(newRow) else { return XCTFail("a new row below a parent that ran was not realized") }
        newRow[1][1].tracked = [0]
        guard case .notRealized = observe(newRow) else {
            return XCTFail("a row with a new key that kept its tracking was realized")
        }
        var moved = ran
        moved[1][1].row = RowChange(keyKept: true, moved: true)
        guard case .realized = observe(moved) else { return XCTFail("a parent that ran could not move its row") }
        moved[0][1].signalled = false
        moved[1][1].parentEvaluated = false
        guard case .notRealized = observe(moved) else { return XCTFail("a skipped parent moved its row") }
    }

    /// The checker's walks through a parent enumerate a row with its keys and moves: a true lemma
    /// holds on more cases than its `childOf` twin (every key kept or not and move), a small budget
    /// stops the walk, never `holds`, and the domain says so.
    func testTheWalksEnumerateTheRowsKeys() throws {
        let domain = ObservedDomain()
        for name in ["inval_row_tracked_change_runs_the_row_below_a_skipped_parent", "inval_row_declared_key_runs_the_row_below_a_skipped_parent"] {
            let source = try Self.source(name)
            let row = InvalidationBoundedRoute(domain: domain, budget: VerifierOptions().walkBudget).run(try SingleLemmaFile.compile(source))
            let child = InvalidationBoundedRoute(domain: domain, budget: VerifierOptions().walkBudget).run(
                try SingleLemmaFile.compile(source.replacingOccurrences(of: "rowOf(q, p)", with: "childOf(q, p)")))
            guard case .holds = row.answer, case .holds = child.answer else { return XCTFail("\(name): \(row.answer), \(child.answer)") }
            XCTAssertGreaterThan(row.cases, child.cases, name)
            XCTAssertTrue(row.domain.contains("rowOf"), row.domain)
            let small = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: 5)).run(try SingleLemmaFile.compile(source))
            guard case .exhausted = small.answer else { return XCTFail("\(name) under 5 cases: \(small.answer)") }
        }
    }
}
