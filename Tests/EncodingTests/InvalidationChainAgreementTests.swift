import IdentityModel
import Invalidation
import LemmaLogic
import TestSupport
import XCTest
import Z3Kit

@testable import Encoding

/// The path level over several renders and a parent with its child against trees: for small
/// histories built as renders (`ViewChainTrees`) and run through `BodyEvaluator` (at most
/// `samples` per shape, evenly spread), under `runtime` and the mutants that change what a tree
/// hands down or how a view is reached, (1) what the trees did satisfies the path level's
/// constraints (well-formed, `realizable`, `continues`, `structure`): Z3 does not exclude a
/// history a tree gives, which an unsat proof relies on; (2) Z3's verdict of every view at every
/// transition is the one `BodyEvaluator` gave.
final class InvalidationChainAgreementTests: XCTestCase {
    /// Histories checked per shape and rule set: two Z3 checks each.
    static let samples = 150

    func testThePathLevelAdmitsAndAgreesWithEveryHistoryTheTreesGive() throws {
        try SlowTier.require()
        let mutants: [InvalidationMutation] = [.childrenAlwaysCompared, .identityChangeCompared, .ownChangeIgnored]
        for rules in [InvalidationRules.runtime] + mutants.map({ InvalidationRules.runtime.mutated($0) }) {
            var checked = 0
            for (parents, transitions) in [([nil], 2), ([nil, 0], 1), ([nil, 0], 2)] as [([Int?], Int)] {
                let spec = InvalidationLemmaSpec(
                    name: "agreement", paths: parents.count == 1 ? ["p"] : ["p", "q"],
                    renders: (0...transitions).map { "r\($0)" }, parents: parents, rules: rules, identityRules: .runtime,
                    expectation: .holds, assumptions: [], conclusion: .constant(true))
                let session = try SolverSession()
                let context = session.context
                let encoding = InvalidationEncoding(lemma: spec, context: context)
                var facts = encoding.views.map(encoding.wellFormed) + encoding.views.map(encoding.realizable)
                for history in encoding.histories {
                    for (earlier, later) in zip(history, history.dropFirst()) { facts.append(encoding.continues(earlier, later)) }
                }
                facts += encoding.structure()
                session.assert(context.and(facts))
                var failures: [String] = []
                var realized: [([[ViewLink]], [[ViewLinkObservation]])] = []
                for histories in Self.histories(parents: parents, transitions: transitions, rules: rules) {
                    let trees = ViewChainTrees(histories: histories, parents: parents, names: spec.paths)
                    let observed = trees.observe(rules: rules, identityRules: .runtime)
                    let matches = zip(histories, observed).allSatisfy { history, observations in
                        zip(history, observations).allSatisfy {
                            $0.survives == $1.survives && $0.parentEvaluated == $1.parent.evaluated && $0.isRealizable(under: rules)
                        }
                    }
                    if matches { realized.append((histories, observed)) }
                }
                let stride = max(1, realized.count / Self.samples)
                for (histories, observed) in Swift.stride(from: 0, to: realized.count, by: stride).map({ realized[$0] }) {
                    checked += 1
                    var pinned: [Z3Term] = []
                    var verdicts: [Z3Term] = []
                    for (path, history) in histories.enumerated() {
                        for (transition, link) in history.enumerated() {
                            let view = encoding.histories[path][transition]
                            pinned.append(try fix(view, to: link, context: context))
                            verdicts.append(encoding.evaluated(view).eq(context.bool(observed[path][transition].view.evaluated)))
                        }
                    }
                    let admitted = try session.withScope {
                        session.assert(context.and(pinned))
                        return try session.check()
                    }
                    guard case .sat = admitted else {
                        failures.append("excluded: \(histories)")
                        continue
                    }
                    let disagrees = try session.withScope {
                        session.assert(context.and(pinned))
                        session.assert(context.and(verdicts).not())
                        return try session.check()
                    }
                    if case .unsat = disagrees { continue }
                    failures.append("disagrees: \(histories)")
                }
                XCTAssertEqual(failures, [], "under \(rules.name), \(parents.count) paths over \(transitions + 1) renders")
            }
            XCTAssertGreaterThan(checked, 3 * Self.samples / 2, "under \(rules.name)")
        }
    }

    /// Issue 21's survival across two paths (`structure`): under runtime and the identity mutants
    /// that change it, every history of a parent and its child, or its `ForEach` row (every key
    /// kept or not and move), over two and three renders that the trees give is admitted by the path
    /// level, with the trees' verdicts; and the trees give a child that survives a new parent only
    /// under `idOverridesStructure`, a row that survives a new key only under R8's mutants (by
    /// offset: the same offset).
    func testThePathLevelAdmitsEverySurvivalOfAChildOrARowTheTreesGive() throws {
        let identityMutants: [RuleMutation] = [.idOverridesStructure, .forEachByOffset, .forEachKeyIgnored]
        for identityRules in [RuleSet.runtime] + identityMutants.map({ RuleSet.runtime.mutated($0) }) {
            for row in [false, true] {
                for transitions in [1, 2] {
                    let spec = InvalidationLemmaSpec(
                        name: "agreement", paths: ["p", "q"], renders: (0...transitions).map { "r\($0)" }, parents: [nil, 0],
                        rows: row ? [1] : [], rules: .runtime, identityRules: identityRules, expectation: .holds, assumptions: [],
                        conclusion: .constant(true))
                    let session = try SolverSession()
                    let context = session.context
                    let encoding = InvalidationEncoding(lemma: spec, context: context)
                    var facts = encoding.views.map(encoding.wellFormed) + encoding.views.map(encoding.realizable)
                    for history in encoding.histories {
                        for (earlier, later) in zip(history, history.dropFirst()) { facts.append(encoding.continues(earlier, later)) }
                    }
                    session.assert(context.and(facts + encoding.structure()))
                    var failures: [String] = []
                    var realized = 0
                    var childOfANewParent = false, rowWithANewKey = false
                    for histories in Self.survivalHistories(transitions: transitions, row: row) {
                        let trees = ViewChainTrees(histories: histories, parents: [nil, 0], names: spec.paths)
                        let observed = trees.observe(rules: .runtime, identityRules: identityRules)
                        guard zip(histories, observed).allSatisfy({ history, observations in
                            zip(history, observations).allSatisfy {
                                $0.survives == $1.survives && $0.parentEvaluated == $1.parent.evaluated && $0.isRealizable(under: .runtime)
                            }
                        }) else { continue }
                        realized += 1
                        for (parent, child) in zip(histories[0], histories[1]) {
                            if child.survives && !parent.survives { childOfANewParent = true }
                            if child.survives, child.row?.keyKept == false { rowWithANewKey = true }
                        }
                        var pinned: [Z3Term] = []
                        var verdicts: [Z3Term] = []
                        for (path, history) in histories.enumerated() {
                            for (transition, link) in history.enumerated() {
                                let view = encoding.histories[path][transition]
                                pinned.append(try fix(view, to: link, context: context))
                                if let change = link.row, let terms = view.row {
                                    pinned.append(terms.keyKept.eq(context.bool(change.keyKept)))
                                    pinned.append(terms.moved.eq(context.bool(change.moved)))
                                }
                                verdicts.append(encoding.evaluated(view).eq(context.bool(observed[path][transition].view.evaluated)))
                            }
                        }
                        let admitted = try session.withScope {
                            session.assert(context.and(pinned + verdicts))
                            return try session.check()
                        }
                        if case .sat = admitted { continue }
                        failures.append("excluded or disagrees: \(histories)")
                    }
                    let shape = "\(row ? "row" : "child") over \(transitions + 1) renders under \(identityRules.name)"
                    XCTAssertEqual(failures, [], shape)
                    XCTAssertGreaterThan(realized, 3, shape)
                    XCTAssertEqual(childOfANewParent, identityRules.mutation == .idOverridesStructure && !row, shape)
                    XCTAssertEqual(rowWithANewKey, [.forEachKeyIgnored, .forEachByOffset].contains(identityRules.mutation) && row, shape)
                }
            }
        }
    }

    /// A parent with no property or a plain one changing at every transition (so it runs or not
    /// by its comparison), every survival and parent evaluation; its child with no property, every
    /// survival, and as a row every key kept or not and move at each transition.
    static func survivalHistories(transitions: Int, row: Bool) -> [[[ViewLink]]] {
        func sequences<T>(_ values: [T]) -> [[T]] {
            (0..<transitions).reduce(into: [[]]) { result, _ in result = result.flatMap { prefix in values.map { prefix + [$0] } } }
        }
        let parents = [[], [(0...transitions).map { PropertyValue.plain($0) }]].flatMap { properties in
            sequences([(false, false), (false, true), (true, false), (true, true)]).map { steps in
                steps.enumerated().map { transition, step in
                    ViewLink(
                        survives: step.0, parentEvaluated: step.1, old: properties.map { $0[transition] },
                        new: properties.map { $0[transition + 1] })
                }
            }
        }
        let changes: [RowChange?] = row ? [RowChange(keyKept: true), RowChange(keyKept: true, moved: true), RowChange(keyKept: false)] : [nil]
        return parents.flatMap { parent -> [[[ViewLink]]] in
            let ran = ViewChainTrees(histories: [parent], parents: [nil], names: ["p"]).observe(rules: .runtime, identityRules: .runtime)[0]
            return sequences([false, true]).flatMap { survivals in
                sequences(changes).map { rows in
                    [parent, (0..<transitions).map { t in
                        ViewLink(survives: survivals[t], parentEvaluated: ran[t].view.evaluated, old: [], new: [], row: rows[t])
                    }]
                }
            }
        }
    }

    /// Small histories: one view over three renders, or a parent and its child over two or three,
    /// each view with no property, a plain value that changes in the last transition, or a closure
    /// with context (a parent: not the closure, no `==`, no own change); the child's parent
    /// evaluation is what its parent's history makes of it.
    static func histories(parents: [Int?], transitions: Int, rules: InvalidationRules) -> [[[ViewLink]]] {
        let renders = 0...transitions
        let properties: [[[PropertyValue]]] = [
            [], [renders.map { .plain($0 == transitions ? 1 : 0) }], [renders.map { _ in .closure(capturesContext: true) }],
        ]
        // A state change, a signal, a new `@State` initial value.
        let changes: [(StateChange, Bool, Bool)] = [(.none, false, false), (.changedRead, false, false), (.none, true, false), (.none, false, true)]
        func histories(
            parentEvaluated: [Bool]?, properties: [[[PropertyValue]]] = properties, changes: [(StateChange, Bool, Bool)] = changes,
            types: [(ViewEquality, Bool, Bool)] = [(.notEquatable, false, false), (.alwaysTrue, true, false), (.alwaysTrue, false, true)]
        ) -> [[ViewLink]] {
            var steps: [[(Bool, (StateChange, Bool, Bool), Bool)]] = [[]]
            for transition in 0..<transitions {
                let parentValues = parentEvaluated.map { [$0[transition]] } ?? [false, true]
                steps = steps.flatMap { prefix in
                    [false, true].flatMap { survives in changes.flatMap { change in parentValues.map { prefix + [(survives, change, $0)] } } }
                }
            }
            return properties.flatMap { values in
                types.flatMap { equality, equatable, declaresUnnamed in
                    steps.map { sequence in
                        sequence.enumerated().map { transition, step in
                            ViewLink(
                                survives: step.0, parentEvaluated: step.2, old: values.map { $0[transition] },
                                new: values.map { $0[transition + 1] }, equality: equality, equatable: equatable,
                                hasState: sequence.contains { $0.1.0 != .none || $0.1.2 }, stateChange: step.1.0, signalled: step.1.1,
                                initialChanged: step.1.2, declaresUnnamedEnvironment: declaresUnnamed)
                        }
                    }
                }
            }
        }
        guard parents.count == 2 else { return histories(parentEvaluated: nil).map { [$0] } }
        // A parent that runs or not by its comparison alone keeps the pairs few.
        let roots = histories(
            parentEvaluated: nil, properties: Array(properties.prefix(2)), changes: [(.none, false, false)],
            types: [(.notEquatable, false, false)])
        return roots.flatMap { parent -> [[[ViewLink]]] in
            let alone = ViewChainTrees(histories: [parent], parents: [nil], names: ["p"]).observe(rules: rules, identityRules: .runtime)
            return histories(parentEvaluated: alone[0].map(\.view.evaluated)).map { [parent, $0] }
        }
    }

    private func fix(_ view: InvalidationVocabulary, to link: ViewLink, context: Z3Context) throws -> Z3Term {
        var facts: [Z3Term] = [
            view.props.eq(context.int(link.new.count)),
            view.equality.eq(context.int(InvalidationVocabulary.code(link.equality))),
            view.equatable.eq(context.bool(link.equatable)), view.hasState.eq(context.bool(link.hasState)),
            view.stateRead.eq(context.bool(link.stateChange == .changedRead)),
            view.stateUnread.eq(context.bool(link.stateChange == .changedUnread)),
            view.signalled.eq(context.bool(link.signalled)), view.survives.eq(context.bool(link.survives)),
            view.parentEvaluated.eq(context.bool(link.parentEvaluated)),
            view.initialSame.eq(context.bool(!link.initialChanged)),
            view.unnamedEnvironment.eq(context.bool(link.declaresUnnamedEnvironment)),
        ] + (view.revived.map { [$0.not()] } ?? [])  // a tree's link: no lazy container revives it
        for (index, (old, new)) in zip(link.old, link.new).enumerated() {
            let k = context.int(index)
            for (value, kind, number, captures) in [
                (old, view.kindOld, view.valueOld, view.capturesOld), (new, view.kindNew, view.valueNew, view.capturesNew),
            ] {
                facts.append(kind(k).eq(context.int(InvalidationVocabulary.code(value.kind))))
                switch value {
                case .plain(let v): facts.append(number(k).eq(context.int(v)))
                case .closure(let c): facts.append(captures(k).eq(context.bool(c)))
                default: XCTFail("no other kind is generated")
                }
            }
        }
        return context.and(facts)
    }
}
