import Foundation
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Invalidation lemmas over several renders and over a parent and its child (issue 21): the
/// checker's domain is built as real trees, the replay refuses what no tree gives, each route
/// decides the shipped near misses on its own, and a lemma beyond the checker's domain is said so.
final class InvalidationChainTests: XCTestCase {
    /// Every history of the chain domain is realized by its trees under `runtime` (so the trees
    /// do what the links say: survival and the parent's evaluation at each transition), and the
    /// domain is not degenerate: at each transition it has views that run and that are skipped,
    /// below parents that ran and (by their own change, for a run) that did not.
    func testTheChainDomainIsRealizedByItsTrees() {
        for shape in [InvalidationChainDomain.Shape.single, .parentAndChild] {
            for transitions in 1...InvalidationChainDomain.maximumTransitions {
                let (realized, unrealized) = InvalidationChainDomain.observe(
                    shape, transitions: transitions, rules: .runtime, identityRules: .runtime)
                XCTAssertEqual(unrealized, 0, "\(shape) over \(transitions) transitions")
                XCTAssertGreaterThan(realized.count, 50, "\(shape) over \(transitions) transitions")
                let viewPath = shape == .single ? 0 : 1
                for transition in 0..<transitions {
                    var seen: Set<[Bool]> = []
                    for (histories, observations) in realized {
                        let observed = observations[viewPath][transition]
                        XCTAssertEqual(observed.survives, histories[viewPath][transition].survives)
                        XCTAssertEqual(observed.parent.evaluated, histories[viewPath][transition].parentEvaluated)
                        seen.insert([observed.parent.evaluated, observed.view.evaluated])
                    }
                    XCTAssertEqual(seen.count, 4, "\(shape), transition \(transition): \(seen)")
                }
            }
        }
    }

    /// Histories no pair of renders gives are refused before any lemma is read: a render whose
    /// values differ between the two transitions that share it, a child that keeps its identity
    /// below a parent with a new one, a child's parent evaluation other than its parent's verdict.
    func testTheReplayRefusesHistoriesNoTreeGives() {
        let broken = [
            ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(1)]),
            ViewLink(survives: true, parentEvaluated: true, old: [.plain(2)], new: [.plain(2)]),
        ]
        guard case .notRealized = InvalidationReplay.observe(
            [broken], parents: [nil], names: ["p"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("a render with two values was replayed") }
        let newParent = ViewLink(survives: false, parentEvaluated: true, old: [], new: [])
        let survivingChild = ViewLink(survives: true, parentEvaluated: true, old: [], new: [])
        guard case .notRealized = InvalidationReplay.observe(
            [[newParent], [survivingChild]], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("a child kept its identity below a new parent") }
        let skippedParent = ViewLink(survives: true, parentEvaluated: false, old: [], new: [])
        let childSaysParentRan = ViewLink(survives: true, parentEvaluated: true, old: [.plain(0)], new: [.plain(0)])
        guard case .notRealized = InvalidationReplay.observe(
            [[skippedParent], [childSaysParentRan]], parents: [nil, 0], names: ["p", "q"], rules: .runtime, identityRules: .runtime)
        else { return XCTFail("a child's parent evaluation other than its parent's verdict was replayed") }
    }

    /// The chain domain's own-read filter (`ViewLink.ownReadsAllow`) keeps a history of one view
    /// exactly when the flags its trees carry allow its unread changes (`flagAllows`, the replay's
    /// check), for every history of the single shape over three renders, with and without sets,
    /// under every rule set and every mutant (no property and no `==`: the flags read neither), and
    /// it drops some: the filter says what the trees say.
    /// The red team: under `identityChangeCompared` a new identity whose read change sets the flag
    /// (the trees set it after clearing it) makes the next unread change a read one; a filter that
    /// cleared the flag after setting it would keep that history for the replay to refuse.
    func testTheOwnReadFilterKeepsWhatTheTreesFlagsAllow() {
        let transitions = InvalidationChainDomain.maximumTransitions
        let plain = InvalidationChainDomain.histories(
            transitions: transitions, properties: [[]], types: [(.notEquatable, false)], changes: InvalidationChainDomain.ownChanges,
            parentEvaluated: nil)
        let unchanged = plain.filter { $0.allSatisfy { $0.stateChange == .none } }
        let rules = InvalidationRules.all + InvalidationMutation.allCases.map { InvalidationRules.runtime.mutated($0) }
        var dropped = 0
        for rules in rules {
            let sets = (0..<transitions).flatMap { InvalidationChainDomain.withSets(unchanged, at: $0, rules: rules) }
            for history in plain + sets where history.allSatisfy({ $0.isRealizable(under: rules) }) {
                let trees = ViewChainTrees(histories: [history], parents: [nil], names: ["p"], rules: rules)
                let treesAllow = zip(history, trees.flags[0]).allSatisfy { ViewLink.flagAllows(flagged: $1, owner: $0, under: rules) }
                XCTAssertEqual(ViewLink.ownReadsAllow(history, under: rules), treesAllow, "\(rules.name): \(history)")
                if !treesAllow { dropped += 1 }
            }
        }
        XCTAssertGreaterThan(dropped, 0)
        let renewed = [
            ViewLink(survives: false, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: .changedRead),
            ViewLink(survives: true, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: .changedUnread),
        ]
        let compared = InvalidationRules.runtime.mutated(.identityChangeCompared)
        XCTAssertTrue(renewed.allSatisfy { $0.isRealizable(under: compared) })
        XCTAssertFalse(ViewLink.ownReadsAllow(renewed, under: compared))
        guard case .notRealized = InvalidationReplay.observe(
            [renewed], parents: [nil], names: ["p"], rules: compared, identityRules: .runtime)
        else { return XCTFail("the replay realized an unread change of a flagged state") }
    }

    static let nearMiss = """
        lemma child_skipped_once_is_skipped_again {
          summary "x"; source I8, I9; rules runtime; invalidation runtime; expect refuted
          renders a, b, c
          forall p: path in c, q: path in c
          assume childOf(q, p)
          assume !evaluated(q, b)
          show !evaluated(q, c)
        }
        """

    static let skippedInBoth = """
        lemma child_skipped_in_both {
          summary "x"; source I8, I9; rules runtime; invalidation runtime; expect holds
          renders a, b, c
          forall p: path in c, q: path in c
          assume !revived(p, b) && !revived(p, c) && !revived(q, b) && !revived(q, c)
          assume childOf(q, p)
          assume !evaluated(p, b) && !evaluated(p, c)
          assume !stateRead(q, b) && !signalled(q, b) && !stateRead(q, c) && !signalled(q, c)
          show !evaluated(q, b) && !evaluated(q, c)
        }
        """

    /// Each route on its own: Z3 refutes the near miss with a counterexample replayed on trees
    /// over three renders, the checker finds one in its domain, and on the true lemma Z3 answers
    /// unsat and the checker finds none.
    func testEachRouteDecidesTheNearMissAndTheTrueLemma() throws {
        let nearMiss = try compile(Self.nearMiss)
        guard case .refuted(let counterexample) = InvalidationSolverRoute(budget: .standard).run(nearMiss, exportScript: false).answer else {
            return XCTFail("z3 did not refute the near miss")
        }
        XCTAssertEqual(counterexample.renders.map(\.name), ["a", "b", "c"])
        XCTAssertTrue(counterexample.renders[0].code.contains("@q"), counterexample.renders[0].code)
        guard case .refuted = InvalidationBoundedRoute(domain: ObservedDomain()).run(nearMiss).answer else {
            return XCTFail("the checker did not refute the near miss")
        }
        let skippedInBoth = try compile(Self.skippedInBoth)
        guard case .proved = InvalidationSolverRoute(budget: .standard).run(skippedInBoth, exportScript: false).answer else {
            return XCTFail("z3 did not prove the true lemma")
        }
        let checked = InvalidationBoundedRoute(domain: ObservedDomain()).run(skippedInBoth)
        guard case .holds = checked.answer else { return XCTFail("the checker refuted the true lemma") }
        XCTAssertGreaterThan(checked.cases, 100)
    }

    /// Four renders are beyond the checker's domain: Z3's proof stands on the locality obligations,
    /// and the report says the checker did not enumerate it rather than that it agreed.
    func testALemmaBeyondTheCheckersDomainSaysSo() throws {
        let folder = try Repository.temporaryFolder(["four.lemma": """
            lemma skipped_parent_keeps_child_over_four_renders {
              summary "x"; source I9; rules runtime; invalidation runtime; expect holds
              renders a, b, c, d
              forall p: path in d, q: path in d
              assume !revived(p, b) && !revived(p, c) && !revived(p, d) && !revived(q, b) && !revived(q, c) && !revived(q, d)
              assume childOf(q, p)
              assume !evaluated(p, b) && !evaluated(p, c) && !evaluated(p, d)
              show sameValues(q, b) && sameValues(q, c) && sameValues(q, d)
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.jobs = 1
        let report = try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
        XCTAssertEqual(report.verdict, .proved, report.message)
        XCTAssertEqual(report.scope, .unbounded, report.message)
        XCTAssertTrue(report.message.contains("checker: only one view, or a parent and its child"), report.message)
        XCTAssertFalse(report.message.contains("agree"), report.message)
    }

    private func compile(_ source: String) throws -> InvalidationLemmaSpec {
        let folder = try Repository.temporaryFolder(["case.lemma": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = LemmaLoader(knownRuleSets: [.runtime]).load(files: [folder.appendingPathComponent("case.lemma")])
        let lemma = try XCTUnwrap(loaded.files.first?.lemmas.first, "\(loaded.diagnostics)")
        return Verifier(options: VerifierOptions()).invalidationSpec(lemma, try XCTUnwrap(lemma.invalidation))
    }
}
