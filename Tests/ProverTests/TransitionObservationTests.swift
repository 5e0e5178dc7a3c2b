import IdentityModel
import Invalidation
import LemmaLogic
import XCTest

@testable import Prover

/// Issue 27: one transition's observation of chain trees (`ViewChainTrees.observe(transition:)`)
/// and the derivations that read one transition at a time, `flagging` (one transition observed
/// per pass, the trees built again only where a flag changed) and `carrying` (the tracking carried
/// and the flags derived on one build of the trees, only the renders not yet observed built again).
/// Each is held to what it was written as before: the whole observation, every transition observed
/// on every pass and the trees built again on every pass.
final class TransitionObservationTests: XCTestCase {
    /// `flagging` as it was: every pass observes every transition and builds the trees again.
    private static func flaggingEveryPass(
        _ histories: [[ViewLink]], parents: [Int?], names: [String], bindings: [(holder: Int, owner: Int)],
        rules: InvalidationRules = .runtime, identityRules: RuleSet = .runtime
    ) -> ViewChainTrees {
        var trees = ViewChainTrees(histories: histories, parents: parents, names: names, bindings: bindings, rules: rules)
        for _ in 1..<max(histories.first?.count ?? 0, 1) where !bindings.isEmpty {
            let evaluated = trees.observe(rules: rules, identityRules: identityRules).map { $0.map(\.view.evaluated) }
            trees = ViewChainTrees(histories: histories, parents: parents, names: names, bindings: bindings, evaluated: evaluated, rules: rules)
        }
        return trees
    }

    /// `carrying`'s histories as first written: each carry reads the whole observation of
    /// `flaggingEveryPass`'s trees.
    private static func carryingEveryTransition(
        _ histories: [[ViewLink]], parents: [Int?], names: [String], bindings: [(holder: Int, owner: Int)] = [],
        rules: InvalidationRules = .runtime, identityRules: RuleSet = .runtime
    ) -> [[ViewLink]] {
        var result = histories
        for transition in 0..<max((histories.first?.count ?? 0) - 1, 0) {
            let observed = flaggingEveryPass(result, parents: parents, names: names, bindings: bindings, rules: rules, identityRules: identityRules)
                .observe(rules: rules, identityRules: identityRules)
            for path in result.indices {
                let after = result[path][transition].trackingAfter(evaluated: observed[path][transition].view.evaluated, under: rules)
                result[path][transition + 1].tracked = result[path][transition + 1].survives ? after : []
            }
        }
        return result
    }

    private static func assertSame(
        _ found: ViewLinkObservation, _ expected: ViewLinkObservation, _ what: @autoclosure () -> String, line: UInt = #line
    ) {
        XCTAssertEqual(found.parent, expected.parent, what(), line: line)
        XCTAssertEqual(found.view, expected.view, what(), line: line)
        XCTAssertEqual(found.survives, expected.survives, what(), line: line)
        XCTAssertEqual(found.stateChange, expected.stateChange, what(), line: line)
    }

    /// Every parent history of the chain domain over three renders, each with a sample of child
    /// and row histories (every seventh), as `InvalidationChainDomain.observe` pairs them.
    private static func parentsAndChildren(rows: Bool) -> [[[ViewLink]]] {
        let transitions = InvalidationChainDomain.maximumTransitions
        let parents = InvalidationChainDomain.histories(
            transitions: transitions, properties: InvalidationChainDomain.parentProperties(transitions), types: [(.notEquatable, false)],
            changes: [(.none, false, false)], parentEvaluated: nil)
        var children = InvalidationChainDomain.histories(
            transitions: transitions,
            properties: rows ? InvalidationChainDomain.rowProperties(transitions) : InvalidationChainDomain.childProperties(transitions),
            types: InvalidationChainDomain.childTypes,
            changes: rows ? InvalidationChainDomain.rowOwnChanges : InvalidationChainDomain.childOwnChanges,
            parentEvaluated: Array(repeating: true, count: transitions))
        if rows { children = InvalidationChainDomain.withRows(children) }
        let sample = stride(from: 0, to: children.count, by: 7).map { children[$0] }
        return parents.flatMap { parent in sample.map { [parent, $0] } }
    }

    func testOneTransitionIsThatColumnOfTheWholeObservation() {
        var compared = 0
        for rows in [false, true] {
            for histories in Self.parentsAndChildren(rows: rows) {
                let trees = ViewChainTrees(histories: histories, parents: [nil, 0], names: ["p", "q"])
                let whole = trees.observe(rules: .runtime, identityRules: .runtime)
                for transition in 0..<histories[0].count {
                    let one = trees.observe(transition: transition, rules: .runtime, identityRules: .runtime)
                    XCTAssertEqual(one.count, whole.count)
                    for path in whole.indices {
                        Self.assertSame(one[path], whole[path][transition], "\(histories) at \(transition), path \(path)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    /// Red team: a holder's evaluation at one transition sets the owner's flag at the next only,
    /// and the flag reaches `BodyEvaluator` there; observing a transition before its flags are
    /// final, or keeping trees whose flags changed, would give other flags, trees or observations.
    func testFlaggingOneTransitionPerPassIsFlaggingEveryPass() {
        let binding = PropertyValue.projectedBinding(location: 1, value: 0)
        let keyPath = PropertyValue.keyPathBinding(location: 1, keyPath: "a", value: 0)
        let manual = PropertyValue.manualBinding(value: 0)
        var rebuilt = 0
        var flaggedLater = 0
        var carriedBeside = 0
        var cases = 0
        for transitions in [2, 3] {
            // The owner: every survival and read or unread change of its state at each transition.
            let ownerSteps = (0..<transitions).reduce([[(Bool, StateChange)]]()) { prefixes, _ in
                let steps = [true, false].flatMap { survives in [StateChange.changedRead, .changedUnread].map { (survives, $0) } }
                return prefixes.isEmpty ? steps.map { [$0] } : prefixes.flatMap { prefix in steps.map { prefix + [$0] } }
            }
            let owners = ownerSteps.map { steps in
                steps.map { ViewLink(survives: $0.0, parentEvaluated: true, old: [], new: [], hasState: true, stateChange: $0.1, stateLocation: 1) }
            }
            // The holder: at each render a binding to the owner's state, one by key path, or none;
            // run whenever its value changes, or compared equal by its `==`.
            let values = (0...transitions).reduce([[PropertyValue]]()) { prefixes, _ in
                prefixes.isEmpty ? [[binding], [keyPath], [manual]] : prefixes.flatMap { prefix in [binding, manual].map { prefix + [$0] } }
            }
            let holders = values.flatMap { values in
                [ViewEquality.notEquatable, .alwaysTrue].map { equality in
                    (0..<transitions).map { transition in
                        ViewLink(
                            survives: true, parentEvaluated: true, old: [values[transition]], new: [values[transition + 1]],
                            equality: equality, equatable: equality != .notEquatable)
                    }
                }
            }
            for owner in owners {
                for holder in holders {
                    let histories = [owner, holder]
                    let bindings = [(holder: 1, owner: 0)]
                    let fast = ViewChainTrees.flagging(
                        histories: histories, parents: [nil, 0], names: ["p", "q"], bindings: bindings, rules: .runtime, identityRules: .runtime)
                    let slow = Self.flaggingEveryPass(histories, parents: [nil, 0], names: ["p", "q"], bindings: bindings)
                    cases += 1
                    XCTAssertEqual(fast.flags, slow.flags, "\(histories)")
                    XCTAssertEqual(fast.renders, slow.renders, "\(histories)")
                    // `carrying` derives the flags on one build of the trees (nothing to carry here).
                    let carried = ViewChainTrees.carrying(
                        histories, parents: [nil, 0], names: ["p", "q"], bindings: bindings, rules: .runtime, identityRules: .runtime)
                    XCTAssertEqual(carried.histories, histories, "\(histories)")
                    XCTAssertEqual(carried.trees.flags, slow.flags, "\(histories)")
                    XCTAssertEqual(carried.trees.renders, slow.renders, "\(histories)")
                    // The same with a tracking carried beside the flags: the holder tracks the one
                    // property, reads it whenever it runs, and the property changes at the first transition.
                    let tracking = histories.map { history in
                        history.enumerated().map { transition, link in
                            var link = link
                            link.tracked = transition == 0 ? [0] : []
                            link.reads = [0]
                            link.propertyChanges = transition == 0 ? [0] : []
                            return link
                        }
                    }
                    let both = ViewChainTrees.carrying(
                        tracking, parents: [nil, 0], names: ["p", "q"], bindings: bindings, rules: .runtime, identityRules: .runtime)
                    let bothSlow = Self.carryingEveryTransition(tracking, parents: [nil, 0], names: ["p", "q"], bindings: bindings)
                    let bothTrees = Self.flaggingEveryPass(bothSlow, parents: [nil, 0], names: ["p", "q"], bindings: bindings)
                    XCTAssertEqual(both.histories, bothSlow, "\(tracking)")
                    XCTAssertEqual(both.trees.flags, bothTrees.flags, "\(tracking)")
                    XCTAssertEqual(both.trees.renders, bothTrees.renders, "\(tracking)")
                    if bothTrees.flags != slow.flags || bothSlow != tracking { carriedBeside += 1 }
                    let first = ViewChainTrees(histories: histories, parents: [nil, 0], names: ["p", "q"], bindings: bindings)
                    if first.flags != slow.flags { rebuilt += 1 }
                    if (1..<transitions).contains(where: { slow.flags[0][$0] && !slow.flags[0][$0 - 1] }) { flaggedLater += 1 }
                    let found = fast.observe(rules: .runtime, identityRules: .runtime)
                    let expected = slow.observe(rules: .runtime, identityRules: .runtime)
                    for (one, other) in zip(found.joined(), expected.joined()) { Self.assertSame(one, other, "\(histories)") }
                }
            }
        }
        XCTAssertGreaterThan(cases, 1_000)
        XCTAssertGreaterThan(rebuilt, 50, "no case needed the trees built again")
        XCTAssertGreaterThan(flaggedLater, 50, "no flag was set by a later binding")
        XCTAssertGreaterThan(carriedBeside, 50, "the tracking changed neither a flag nor a later tracking")
    }

    /// Red team: a tracking carried into a transition changes what the trees observe at the later
    /// ones (`observedChanges`), so observing a transition before the carry into it would give
    /// another tracking; one view over three and four renders, and a parent and its child.
    func testCarryingOneTransitionAtATimeIsCarryingEveryTransition() {
        let histories = Self.trackingHistories()
        var changedByTheCarry = 0
        for (history, parents) in histories {
            let names = parents.count == 1 ? ["p"] : ["p", "q"]
            let slow = Self.carryingEveryTransition(history, parents: parents, names: names)
            if slow != history { changedByTheCarry += 1 }
            // The trees `carrying` hands the replay (built once, the later renders built again as
            // the tracking is carried) are the trees of the carried histories built afresh.
            let carried = ViewChainTrees.carrying(history, parents: parents, names: names, rules: .runtime, identityRules: .runtime)
            XCTAssertEqual(carried.histories, slow, "\(history)")
            XCTAssertEqual(carried.trees.renders, ViewChainTrees(histories: slow, parents: parents, names: names).renders, "\(history)")
            // What lets the checker observe a carried history without carrying it again (`InvalidationReplay.observe` of `CarriedHistories`).
            XCTAssertEqual(
                ViewChainTrees.carrying(carried.histories, parents: parents, names: names, rules: .runtime, identityRules: .runtime)
                    .histories,
                carried.histories, "\(history)")
        }
        XCTAssertGreaterThan(histories.count, 1_000)
        XCTAssertGreaterThan(changedByTheCarry, histories.count / 4, "the carry changed almost no tracking")
    }

    /// Issue 27: the walks observe a carried candidate without observing again the transitions the
    /// carry observed (`CarriedHistories.observed`). Red team: an observation kept from renders the
    /// carry then built again, or one of a transition the carry did not observe, would differ from
    /// the replay's, which carries the histories again and observes every transition afresh; so
    /// would a realization decided otherwise. Tracking histories of one view and of a parent and
    /// its child over three and four renders, under two rule sets.
    func testTheCarrysObservationsAreWhatTheReplayObserves() {
        var reused = 0
        var carriedAfterReuse = 0
        var compared = 0
        for rules in [InvalidationRules.runtime, InvalidationRules.runtime.mutated(.trackingReplacedEachEvaluation)] {
            for (history, parents) in Self.trackingHistories() {
                let names = parents.count == 1 ? ["p"] : ["p", "q"]
                let carried = ViewChainTrees.carrying(history, parents: parents, names: names, rules: rules, identityRules: .runtime)
                // Observed by the carry: every transition but the last, where there is a tracking to carry.
                let tracks = history.joined().contains { !$0.tracked.isEmpty || !$0.reads.isEmpty }
                XCTAssertTrue(carried.observed.allSatisfy { $0.count == (tracks ? history[0].count - 1 : 0) }, "\(history)")
                let walk = InvalidationReplay.observe(carried, parents: parents, names: names, rules: rules, identityRules: .runtime)
                let replay = InvalidationReplay.observe(carried.histories, parents: parents, names: names, rules: rules, identityRules: .runtime)
                switch (walk, replay) {
                case (.realized(let walkTrees, let found), .realized(let replayTrees, let expected)):
                    XCTAssertEqual(walkTrees.renders, replayTrees.renders, "\(history)")
                    XCTAssertEqual(found.map(\.count), expected.map(\.count), "\(history)")
                    for (one, other) in zip(found.joined(), expected.joined()) {
                        Self.assertSame(one, other, "\(history)")
                        compared += 1
                    }
                    reused += carried.observed.joined().count
                    if carried.histories != history { carriedAfterReuse += 1 }
                case (.notRealized, .notRealized): break
                default: XCTFail("the walk's and the replay's realizations differ: \(walk), \(replay) for \(history)")
                }
            }
        }
        XCTAssertGreaterThan(reused, 1_000, "almost no observation was the carry's")
        XCTAssertGreaterThan(carriedAfterReuse, 200, "the carry changed almost no tracking of a realized history")
        XCTAssertGreaterThan(compared, 2_000)
    }

    /// One view, and a parent and its child, over three and four renders, with trackings, reads and
    /// changes of two properties that the carry changes.
    private static func trackingHistories() -> [([[ViewLink]], [Int?])] {
        var histories: [([[ViewLink]], [Int?])] = []
        let subsets: [Set<Int>] = [[], [0], [1], [0, 1]]
        for transitions in [2, 3] {
            let sequences = (0..<transitions).reduce([[Set<Int>]]()) { prefixes, _ in
                prefixes.isEmpty ? subsets.map { [$0] } : prefixes.flatMap { prefix in subsets.map { prefix + [$0] } }
            }
            let steps = [(true, true), (true, false), (false, true)]
            for (index, reads) in sequences.enumerated() {
                for initial in subsets {
                    for step in steps {
                        // A sample of the changes, and the value changed at every transition or never.
                        let changes = sequences[(index * 5 + initial.count) % sequences.count]
                        let changed = (index + initial.count) % 2 == 0
                        let view = (0..<transitions).map { transition in
                            ViewLink(
                                survives: transition == 0 ? step.0 : true, parentEvaluated: transition == 0 ? step.1 : true,
                                old: changed ? [.plain(transition)] : [], new: changed ? [.plain(transition + 1)] : [],
                                tracked: transition == 0 ? initial : [], reads: reads[transition], propertyChanges: changes[transition])
                        }
                        histories.append(([view], [nil]))
                        // The same below a parent that tracks the first property and reads it at each transition.
                        let parent = (0..<transitions).map { transition in
                            ViewLink(
                                survives: true, parentEvaluated: true, old: [], new: [], tracked: transition == 0 ? [0] : [],
                                reads: [0], propertyChanges: changes[transition])
                        }
                        histories.append(([parent, view], [nil, 0]))
                    }
                }
            }
        }
        return histories
    }
}
