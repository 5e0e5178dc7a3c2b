import Foundation
import Invalidation
import LemmaLogic
import XCTest

@testable import Prover

/// FINDINGS.md 64: a view with several `@State`s, read as the lemma atoms say (docs/invalidation.md,
/// "A binding's read flag"). The routes carry one read flag per view, so `stateRead` is a read change
/// of any state, and `stateUnread` an unread change beside one, or alone while no read the lemma's
/// renders show set the view's flag; an unread change after such a read shows in no atom. Read as
/// "any change whose flag is clear", a history SwiftUI runs falsified proved lemmas.
final class SeveralStatesReadingTests: XCTestCase {
    /// One transition of a surviving view with two `@State`s, `x` and `y`: which changed, which its
    /// body reads when it runs in the render after, and whether it runs for another reason (its
    /// parent ran and it compared different, or a dependency).
    struct Transition {
        var changed: [Bool]
        var reads: [Bool]
        var runsOtherwise: Bool
    }

    /// What SwiftUI does over `transitions` from storages whose flags are `flags` before the first:
    /// per transition, whether the body runs for a state (a changed one whose flag is set, I8), and
    /// whether some state changed with its flag clear.
    static func swiftUI(_ transitions: [Transition], flags initial: [Bool]) -> [(ownRun: Bool, unreadChange: Bool)] {
        var flags = initial
        return transitions.map { transition in
            let own = transition.changed.indices.contains { transition.changed[$0] && flags[$0] }
            let unread = transition.changed.indices.contains { transition.changed[$0] && !flags[$0] }
            if own || transition.runsOtherwise {
                for state in flags.indices where transition.reads[state] { flags[state] = true }
            }
            return (own, unread)
        }
    }

    /// The links the atoms give that history: `stateRead` where the body runs for a state;
    /// `stateUnread` where a state changed unread, beside `stateRead` or, with `documented`, alone
    /// only while no earlier transition's `stateRead` set the view's flag (without, alone always:
    /// the reading before the fix).
    static func links(_ facts: [(ownRun: Bool, unreadChange: Bool)], documented: Bool) -> [ViewLink] {
        var flagged = false
        return facts.map { facts in
            let unread = facts.unreadChange && (facts.ownRun || !documented || !flagged)
            flagged = flagged || facts.ownRun
            return ViewLink(
                survives: true, parentEvaluated: false, old: [], new: [], hasState: true,
                stateChange: facts.ownRun ? .changedRead : unread ? .changedUnread : .none, unreadStateAlsoChanged: facts.ownRun && unread)
        }
    }

    /// Every history of up to three transitions, from every pair of flags.
    static var histories: [(transitions: [Transition], flags: [Bool])] {
        let bits = [[false, false], [false, true], [true, false], [true, true]]
        let steps = bits.flatMap { changed in bits.flatMap { reads in [false, true].map { Transition(changed: changed, reads: reads, runsOtherwise: $0) } } }
        var runs: [[Transition]] = [[]]
        var all: [[Transition]] = []
        for _ in 1...3 {
            runs = runs.flatMap { run in steps.map { run + [$0] } }
            all += runs
        }
        return all.flatMap { transitions in bits.map { (transitions, $0) } }
    }

    /// Read as the vocabulary says, every history is one the routes admit (the checker's chain
    /// domain and the replay, `ViewLink.ownReadsAllow`), and the rules on the trees' flag
    /// (`ViewChainTrees.flags`) run the body exactly where SwiftUI runs it for a state.
    func testEveryTwoStateHistoryReadAsDocumentedIsAdmittedWithItsRealRuns() {
        var checked = 0
        for (transitions, flags) in Self.histories {
            let facts = Self.swiftUI(transitions, flags: flags)
            let links = Self.links(facts, documented: true)
            XCTAssertTrue(ViewLink.ownReadsAllow(links, under: .runtime), "refused: \(transitions) from \(flags)")
            let treeFlags = ViewChainTrees.flags(histories: [links], stateChanges: [links.map(\.stateChange)], bindings: [], evaluated: [])[0]
            for (transition, link) in links.enumerated() {
                let seen = InvalidationRules.runtime.i8StateChange(link.stateChange, locationWasRead: treeFlags[transition])
                XCTAssertEqual(
                    InvalidationRules.runtime.i8OwnChange(state: seen, dependencyChanged: false), facts[transition].ownRun,
                    "transition \(transition) of \(transitions) from \(flags)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 4 * (32 + 32 * 32 + 32 * 32 * 32))
    }

    /// Red team: read as "any change whose flag is clear", the history of FINDINGS.md 64 (the body
    /// read `y`, whose change ran it; then `x`, which nobody read, changes and runs nothing) is one
    /// the routes refuse, so their proofs said nothing of it.
    func testTheReadingBeforeTheFixMakesARealHistoryTheRoutesRefuse() {
        let history = [
            Transition(changed: [false, true], reads: [false, true], runsOtherwise: false),
            Transition(changed: [true, false], reads: [false, true], runsOtherwise: false),
        ]
        let facts = Self.swiftUI(history, flags: [false, true])
        XCTAssertEqual(facts.map(\.ownRun), [true, false])
        XCTAssertFalse(ViewLink.ownReadsAllow(Self.links(facts, documented: false), under: .runtime))
        XCTAssertTrue(ViewLink.ownReadsAllow(Self.links(facts, documented: true), under: .runtime))
        XCTAssertEqual(Self.links(facts, documented: true)[1].stateChange, StateChange.none)
    }

    static func lemma(_ name: String, _ assumptions: String, show: String) -> String {
        """
        lemma \(name) {
          summary "x"; source I8; rules runtime; invalidation runtime; expect holds
          renders a, b, c
          forall p: path in c, q: path in c
          assume childOf(q, p)
          assume holdsBindingOf(q, p, b) && evaluated(q, b) && rendered(p, b)
          assume \(assumptions)
          show \(show)
        }
        """
    }

    /// Once the child ran holding `$x`, a change of `y` no read set a flag of shows in no atom: an
    /// unread change alone is no view's (vacuous, rightly under the reading), and a change no atom
    /// shows, the parent skipped and nothing signalled, runs nothing (proved).
    func testAfterABindingAnotherStatesUnreadChangeShowsInNoAtomAndRunsNothing() throws {
        let reports = try SingleLemmaFile.runAll([
            "unread_alone": Self.lemma(
                "unread_alone", "stateUnread(p, c) && !stateRead(p, c) && !signalled(p, c) && !parentEvaluated(p, c)", show: "evaluated(p, c)"),
            "no_atom": Self.lemma("no_atom", "!stateRead(p, c) && !signalled(p, c) && !parentEvaluated(p, c)", show: "!evaluated(p, c)"),
        ])
        let outcomes = Dictionary(uniqueKeysWithValues: reports.map { ($0.name, $0.outcome) })
        guard case .vacuous = outcomes["unread_alone"] else { return XCTFail("\(String(describing: outcomes["unread_alone"]))") }
        guard case .proved(.unbounded) = outcomes["no_atom"] else { return XCTFail("\(String(describing: outcomes["no_atom"]))") }
    }
}
