import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover

/// Two rows of one `ForEach` (two `rowOf` of one parent, issue 21; sibling-rows.lemma): distinct
/// rows of the one `ForEach` in the parent's body, with keys apart in every render and offsets of
/// their own (`RowSlot`), so that what the trees print reads back as the scenario they ran, and
/// one row's move or new key never moves the other. Formerly E049.
final class SiblingRowsTests: XCTestCase {
    private static let file = Repository.root.appendingPathComponent("Lemmas/invalidation/sibling-rows.lemma")

    /// The text of the lemma `name` in sibling-rows.lemma, alone.
    private static func source(_ name: String) throws -> String { try LemmaSource.text(of: name, in: file) }

    /// Every lemma of the file is accepted with two rows of one parent; a row of two parents, a
    /// row of itself, a row declared twice and a sibling row making a view stay E049
    /// (GoldenDiagnosticTests' Malformed files say where and how).
    func testTwoRowsOfOneParentAreAcceptedAndTheMisusesRefused() throws {
        let specs = LemmaSet.invalidationSpecs(files: [Self.file])
        XCTAssertEqual(specs.count, 9)
        for spec in specs {
            XCTAssertEqual(spec.rows.count, 2, spec.name)
            XCTAssertEqual(Set(spec.rows.map { spec.parents[$0] }).count, 1, spec.name)
        }
        let sibling = try Self.source("false_sibling_rows_state_change_runs_the_other_row")
        let misuses = [
            sibling.replacingOccurrences(of: "assume rowOf(s, p)", with: "assume rowOf(q, s)"),
            sibling.replacingOccurrences(of: "assume rowOf(s, p)", with: "assume rowOf(s, s)"),
            sibling.replacingOccurrences(of: "assume rowOf(s, p)", with: "assume rowOf(q, p)"),
            sibling.replacingOccurrences(of: "assume rowOf(s, p)", with: "assume rowOf(p, q)"),
            sibling.replacingOccurrences(of: "s: path in after", with: "s: path in after, c: path in after")
                .replacingOccurrences(of: "assume rowOf(s, p)", with: "assume rowOf(s, p)\n  assume childOf(c, s)"),
        ]
        for misuse in misuses {
            let diagnostics = try SingleLemmaFile.load(misuse)
            let error = try XCTUnwrap(diagnostics.first(where: \.isError), misuse)
            XCTAssertEqual(error.id, .invalidationLemmaShape, misuse)
        }
    }

    /// Each true lemma is proved unbounded and broken on both routes by the rule it rests on: I9
    /// (a skipped parent's rows are not reached), a set of the value held commits nothing, and R8
    /// (a row is its key, not its offset: the moved row is the last of the two, which moves alone).
    func testTheTrueLemmasAreProvedAndEachBrokenByAMutant() throws {
        _ = try SingleLemmaFile.assertProvedAndBroken(
            try Self.source("inval_sibling_row_is_not_run_by_the_other_rows_set"), by: .childrenAlwaysCompared)
        _ = try SingleLemmaFile.assertProvedAndBroken(try Self.source("inval_sibling_rows_keep_their_own_states"), by: .equalSetCommits)
        _ = try SingleLemmaFile.assertProvedAndBroken(
            try Self.source("inval_moved_row_keeps_its_state_beside_a_sibling_with_a_new_key"), byIdentity: .forEachByOffset)
    }

    /// The red team's lemmas (what two rows sharing one state, or one key, would prove) are refuted
    /// by both routes; Z3's counterexample holds both rows in one `ForEach` block, with keys apart.
    func testTheRedTeamsLemmasAreRefutedByBothRoutes() throws {
        for name in [
            "false_sibling_rows_state_change_runs_the_other_row", "false_sibling_moved_row_loses_its_state", "false_sibling_rows_survive_together",
        ] {
            let source = try Self.source(name)
            try SingleLemmaFile.assertRefutedByBothRoutes(source)
            let spec = try SingleLemmaFile.compile(source)
            guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(spec, exportScript: false).answer else {
                return XCTFail("Z3 did not refute \(name)")
            }
            for render in counterexample.renders {
                let headers = render.code.components(separatedBy: "\n").filter { $0.contains("ForEach(") }
                XCTAssertEqual(headers.count, 1, "\(name): \(render.code)")
                XCTAssertTrue(render.code.contains("@q") && render.code.contains("@s"), "\(name): \(render.code)")
                let keys = try XCTUnwrap(headers.first.flatMap(Self.keys), render.code)
                XCTAssertEqual(Set(keys).count, keys.count, "\(name): two rows share a key: \(render.code)")
            }
        }
    }

    /// The hostile layout: had the two rows shared offset 0 (as the trees once gave them), or had
    /// their offsets been their positions, the first row's move would move the second, which under
    /// `forEachByOffset` is then a new view; the printed block would read back offsets the trees
    /// did not run. With a slot each, the second row stays at offset 2 while the first moves from 0
    /// to 1, both renders print the keys at the offsets the trees hold, and the second row survives
    /// under the rules and under the mutant.
    func testOneRowsMoveLeavesItsSiblingInPlace() throws {
        let parent = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], signalled: true)]
        let first = [ViewLink(survives: true, parentEvaluated: true, old: [], new: [], row: RowChange(keyKept: true, moved: true))]
        let second = [ViewLink(survives: true, parentEvaluated: true, old: [], new: [], row: RowChange(keyKept: true))]
        for identityRules in [RuleSet.runtime, RuleSet.runtime.mutated(.forEachByOffset)] {
            let observed = InvalidationReplay.observe(
                [parent, first, second], parents: [nil, 0, 0], names: ["p", "q", "s"], rules: .runtime, identityRules: identityRules)
            guard case .realized(let trees, let observations) = observed else {
                return XCTFail("a parent that ran could not move one of its two rows")
            }
            XCTAssertTrue(observations[2][0].survives, "the unmoved sibling was renewed under \(identityRules.name)")
            XCTAssertEqual(observations[0][0].view.evaluated, true)
            let printed = trees.renders[0].map(RenderPrinter.print)
            XCTAssertTrue(printed[0].contains("ForEach([10, -2, 20])"), printed[0])
            XCTAssertTrue(printed[1].contains("ForEach([-2, 10, 20])"), printed[1])
            for (render, root) in trees.renders[0].enumerated() {
                let rows = try XCTUnwrap(root.children.first?.children, printed[render])
                let header = try XCTUnwrap(printed[render].components(separatedBy: "\n").first { $0.contains("ForEach(") })
                let keys = try XCTUnwrap(Self.keys(header))
                for row in rows {
                    guard case .forEach(_, .int(let key), let offset) = row.steps[0] else { return XCTFail("\(row.label) is no row") }
                    XCTAssertEqual(keys.firstIndex(of: key), offset, "\(row.label) is printed at another offset: \(printed[render])")
                }
            }
        }
    }

    /// A new key for one row leaves the other's key and offset: keys stay apart in every render.
    func testANewKeyForOneRowLeavesItsSiblingsKey() throws {
        let parent = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], signalled: true)]
        let first = [ViewLink(survives: false, parentEvaluated: true, old: [], new: [], row: RowChange(keyKept: false))]
        let second = [ViewLink(survives: true, parentEvaluated: true, old: [], new: [], row: RowChange(keyKept: true, moved: true))]
        let observed = InvalidationReplay.observe(
            [parent, first, second], parents: [nil, 0, 0], names: ["p", "q", "s"], rules: .runtime, identityRules: .runtime)
        guard case .realized(let trees, let observations) = observed else { return XCTFail("a new key beside a moved sibling was not realized") }
        XCTAssertFalse(observations[1][0].survives)
        XCTAssertTrue(observations[2][0].survives)
        let printed = trees.renders[0].map(RenderPrinter.print)
        XCTAssertTrue(printed[0].contains("ForEach([10, -2, 20])"), printed[0])
        XCTAssertTrue(printed[1].contains("ForEach([11, -2, -3, 20])"), printed[1])
    }

    /// The hostile content: two rows of one `ForEach` whose views differ in type (one with `@State`,
    /// one `Equatable`) would print a block that reads back as no render (E041, every row renders
    /// the one content), so the replay refuses those trees, and so is a sibling row making a view.
    func testRowsOfTwoTypesAreNoTrees() throws {
        let parent = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [])]
        let first = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], hasState: true, row: RowChange(keyKept: true))]
        let second = [ViewLink(survives: true, parentEvaluated: false, old: [], new: [], row: RowChange(keyKept: true))]
        var equatable = second
        equatable[0].hasState = true
        equatable[0].equality = .alwaysTrue
        equatable[0].equatable = true
        for other in [second, equatable] {
            guard case .notRealized = InvalidationReplay.observe(
                [parent, first, other], parents: [nil, 0, 0], names: ["p", "q", "s"], rules: .runtime, identityRules: .runtime)
            else { return XCTFail("two rows of one ForEach of two types were realized: \(other)") }
        }
        var same = second
        same[0].hasState = true
        guard case .realized = InvalidationReplay.observe(
            [parent, first, same], parents: [nil, 0, 0], names: ["p", "q", "s"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("two rows of one type were not realized") }
    }

    /// Issue 21, the checker beside the dependency atoms: the true two-row lemmas with a declared
    /// key and a tracked property are proved unbounded, exhausted by the checker's walk through the
    /// parent with both rows (its domain names the pairs of rows), and refuted by both routes under
    /// `ownChangeIgnored`; a small budget stops the walk, never `holds`.
    func testTheCheckerEnumeratesTwoRowsBesideTheDependencyAtoms() throws {
        let domain = ObservedDomain()
        for name in ["inval_sibling_rows_whose_declared_key_changed_both_run", "inval_sibling_rows_tracking_a_both_run"] {
            let source = try Self.source(name)
            _ = try SingleLemmaFile.assertProvedAndBroken(source, by: .ownChangeIgnored)
            let spec = try SingleLemmaFile.compile(source)
            let checked = InvalidationBoundedRoute(domain: domain, budget: VerifierOptions().walkBudget).run(spec)
            guard case .holds = checked.answer else { return XCTFail("\(name): \(checked.answer)") }
            XCTAssertGreaterThan(checked.cases, 0, name)
            XCTAssertTrue(checked.domain.hasSuffix(InvalidationBoundedRoute.rowPairDomain), checked.domain)
            let small = InvalidationBoundedRoute(domain: domain, budget: WalkBudget(cases: 5)).run(spec)
            guard case .exhausted = small.answer else { return XCTFail("\(name) under 5 cases: \(small.answer)") }
        }
    }

    /// The red team's probe (FINDINGS.md 78): the parent's k changed and the first row's did not,
    /// so the row closure writes an override, on both rows; the second row's write follows the
    /// parent. The checker refutes it alone, with a counterexample replayed on trees whose two rows
    /// both carry the write, which pasted back as a scenario runs to its verdicts, and the run says refuted. Its neighbour below a skipped parent, where
    /// the write keeps its value on both rows, is true: the checker finds no counterexample there
    /// (before the rows shared the override, the trees had none for either).
    func testTheOverrideProbeIsRefutedByTheChecker() throws {
        let source = try Self.source("false_sibling_rows_keep_k_together")
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(try SingleLemmaFile.compile(source))
        guard case .refuted(let counterexample) = checked.answer else { return XCTFail("the checker: \(checked.answer)") }
        XCTAssertEqual(counterexample.origin, .checker)
        let after = try XCTUnwrap(counterexample.renders.last?.code)
        let written = after.components(separatedBy: "\n").filter { $0.contains(".environment(\\.k") && ($0.contains("@q") || $0.contains("@s")) }
        XCTAssertTrue(written.contains { $0.contains("@q") } && written.contains { $0.contains("@s") }, after)
        try PrintedCounterexampleRoundTripTests.assertRoundTrip(counterexample, rules: "runtime", source: source)
        guard case .refuted = try SingleLemmaFile.run(source).outcome else { return XCTFail("the run did not refute the probe") }

        let skipped = source.replacingOccurrences(
            of: "!environmentChanged(q, k, after)", with: "!environmentChanged(q, k, after) && !evaluated(p, after)")
            .replacingOccurrences(of: "expect refuted", with: "expect holds")
        let held = InvalidationBoundedRoute(domain: ObservedDomain()).run(try SingleLemmaFile.compile(skipped))
        guard case .holds = held.answer else { return XCTFail("below a skipped parent: \(held.answer)") }
        XCTAssertGreaterThan(held.cases, 0)
    }

    /// The checker never claims a domain it did not walk: two rows beside a dependency atom over
    /// three renders, or beside three names, are not enumerated, and the verdict says so.
    func testTwoRowsBeyondTheWalkAreNotEnumerated() throws {
        let source = try Self.source("inval_sibling_rows_whose_declared_key_changed_both_run")
        let threeRenders = source.replacingOccurrences(of: "forall p: path in after", with: "renders a, before, after\n  forall p: path in after")
        let threeNames = source.replacingOccurrences(
            of: "&& !evaluated(p, after)", with: "&& !evaluated(p, after) && !observesObject(q, m) && !readsProperty(s, a)")
        for variant in [threeRenders, threeNames] {
            let spec = try SingleLemmaFile.compile(variant)
            guard case .inapplicable = InvalidationBoundedRoute(domain: ObservedDomain()).run(spec).answer else {
                return XCTFail("the checker claims to enumerate \(spec.statement)")
            }
        }
    }

    /// The keys of a printed `ForEach([k, …])` header line.
    private static func keys(_ header: String) -> [Int]? {
        guard let open = header.range(of: "ForEach(["), let close = header.range(of: "])", range: open.upperBound..<header.endIndex) else {
            return nil
        }
        return header[open.upperBound..<close.lowerBound].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
