import IdentityModel
import Invalidation
import LemmaLogic

/// The checker's domain for invalidation lemmas over several renders or over a parent and its
/// child: small histories (one link per transition) of one view, or of a parent view and the
/// child its body makes, over two or three renders, every one built as trees and run through
/// `BodyEvaluator` (`ViewChainTrees`). Far smaller than the one-view domain, since it is a product
/// over transitions: it refutes, never proves.
enum InvalidationChainDomain {
    /// The most transitions enumerated (three renders).
    static let maximumTransitions = 2

    /// The lemma shapes the domain covers.
    enum Shape: Hashable, Sendable {
        /// One view, no parent among the lemma's paths.
        case single
        /// A parent view (canonical path 0) and its child (canonical path 1).
        case parentAndChild
        /// A parent view (canonical path 0) and a row of a `ForEach` in its body (canonical path 1, `rowOf`).
        case parentAndRow
        /// A parent view (canonical path 0) and two rows of the one `ForEach` in its body (canonical
        /// paths 1 and 2, in the lemma's order, two `rowOf` of one parent), over two renders.
        case parentAndRows

        /// Whether the shape is a parent and one view its body makes, which the dependency walks enumerate.
        var hasOneChild: Bool { self == .parentAndChild || self == .parentAndRow }
    }

    /// The most transitions enumerated for two rows beside their parent (two renders: the pairs of
    /// rows are a product).
    static let maximumRowsTransitions = 1

    /// What the domain holds, in words, for reports.
    static func description(_ shape: Shape, transitions: Int) -> String {
        switch shape {
        case .single:
            return "one view over \(transitions + 1) renders, \(childProperties(transitions).count) property histories, "
                + "\(types.count) kinds of ==, every survival, own change (\(ownChanges.count)) and parent at each transition, "
                + "and a plain view without @State declaring an unnamed @Environment (\(unnamedEnvironmentTypes.count) kinds of ==, "
                + "no or a signalled own change)"
        case .parentAndChild:
            return "a parent view (\(parentProperties(transitions).count) property histories, every survival and parent at each transition) "
                + "and its child over \(transitions + 1) renders, \(childProperties(transitions).count) property histories, "
                + "\(childTypes.count) kinds of ==, every survival and own change (\(childOwnChanges.count)) at each transition, "
                + "and a plain child without @State declaring an unnamed @Environment"
        case .parentAndRow:
            return "a parent view (\(parentProperties(transitions).count) property histories, every survival and parent at each transition) "
                + "and a row of a ForEach in its body over \(transitions + 1) renders, \(rowProperties(transitions).count) property "
                + "histories, \(childTypes.count) kinds of ==, every own change (\(rowOwnChanges.count)) and every key kept or not and "
                + "move (\(rowChanges.count)) at each transition, survival as R8 gives it"
        case .parentAndRows:
            return "a parent view (\(parentProperties(transitions).count) property histories, every survival and parent at each transition) "
                + "and two rows of the ForEach in its body over \(transitions + 1) renders, each with \(rowProperties(transitions).count) "
                + "property histories, \(childTypes.count) kinds of ==, every own change (\(rowOwnChanges.count)) and every key kept or "
                + "not and move (\(rowChanges.count)) at each transition, survival as R8 gives it, keys and offsets apart"
        }
    }

    /// A row's key and offset at a transition: kept in place, kept and moved, a new key.
    static let rowChanges: [RowChange] = [RowChange(keyKept: true), RowChange(keyKept: true, moved: true), RowChange(keyKept: false)]

    /// A row's own change beside its parent: none, a read state change, a signal (fewer than a
    /// child's, since the key changes multiply the pairs).
    static let rowOwnChanges: [OwnChange] = [(.none, false, false), (.changedRead, false, false), (.none, true, false)]

    /// A row's property histories: none, a plain value constant, changed at the last transition.
    static func rowProperties(_ transitions: Int) -> [[[PropertyValue]]] { Array(childProperties(transitions).prefix(3)) }

    /// `histories` with every `rowChanges` at each transition.
    static func withRows(_ histories: [[ViewLink]]) -> [[ViewLink]] {
        histories.flatMap { history in
            history.indices.reduce(into: [history]) { results, transition in
                results = results.flatMap { partial in
                    rowChanges.map { change in
                        var next = partial
                        next[transition].row = change
                        return next
                    }
                }
            }
        }
    }

    /// The shape of `lemma` and, for a parent and child, the lemma's path of each canonical path;
    /// `nil` when the domain does not cover it (more paths, unrelated paths, too many renders).
    static func shape(of lemma: InvalidationLemmaSpec) -> (Shape, order: [Int])? {
        guard lemma.transitions <= maximumTransitions else { return nil }
        switch lemma.parents {
        case [nil]: return (.single, [0])
        case [nil, 0]: return (lemma.rows.contains(1) ? .parentAndRow : .parentAndChild, [0, 1])
        case [1, nil]: return (lemma.rows.contains(0) ? .parentAndRow : .parentAndChild, [1, 0])
        default: return siblingRows(of: lemma)
        }
    }

    /// Two rows of one parent's `ForEach` and the parent (`parentAndRows`), the rows in the lemma's
    /// order as the trees place them (`RowSlot`), over at most `maximumRowsTransitions`.
    private static func siblingRows(of lemma: InvalidationLemmaSpec) -> (Shape, order: [Int])? {
        guard lemma.paths.count == 3, lemma.transitions <= maximumRowsTransitions, let root = lemma.parents.firstIndex(of: nil) else {
            return nil
        }
        let rows = lemma.parents.indices.filter { $0 != root }
        guard rows.allSatisfy({ lemma.parents[$0] == root && lemma.rows.contains($0) }) else { return nil }
        return (.parentAndRows, [root] + rows)
    }

    /// `history` with `@State` declared where `hasState` says so (a view may hold a state it never changes).
    private static func holdingState(_ history: [ViewLink], _ hasState: Bool) -> [ViewLink] {
        history.map { link in
            var link = link
            link.hasState = link.hasState || hasState
            return link
        }
    }

    /// `==` and `.equatable()`: none, an `==` that says equal under `.equatable()`, one that says different.
    static let types: [(ViewEquality, Bool)] = [(.notEquatable, false), (.alwaysTrue, true), (.alwaysFalse, false)]

    /// A view's change at a transition: its state (`StateChange`), a signal, a new `@State` initial value.
    typealias OwnChange = (state: StateChange, signalled: Bool, initialChanged: Bool)

    /// A view's own change at a transition: none, a read state change, an unread one, a signal, a
    /// new initial value.
    static let ownChanges: [OwnChange] = [
        (.none, false, false), (.changedRead, false, false), (.changedUnread, false, false), (.none, true, false), (.none, false, true),
    ]

    /// A child's, beside a parent: none, a read state change, a signal, a new initial value (fewer,
    /// since the pairs are a product).
    static let childOwnChanges: [OwnChange] = [(.none, false, false), (.changedRead, false, false), (.none, true, false), (.none, false, true)]

    /// A child's `==` beside a parent: none, or one that says equal under `.equatable()`.
    static let childTypes: [(ViewEquality, Bool)] = [(.notEquatable, false), (.alwaysTrue, true)]

    /// Property histories (values at each render) of the lemma's view or the child: none, a plain
    /// value constant, changed at the last transition, changed at every transition, and a closure
    /// with context (never equal under any rules).
    static func childProperties(_ transitions: Int) -> [[[PropertyValue]]] {
        let renders = 0...transitions
        var result: [[[PropertyValue]]] = [
            [], [renders.map { _ in .plain(0) }], [renders.map { .plain($0 == transitions ? 1 : 0) }],
            [renders.map { _ in .closure(capturesContext: true) }],
        ]
        if transitions > 1 { result.append([renders.map { .plain($0) }]) }
        return result
    }

    /// Property histories of a parent view: none, or a plain value changed at every transition;
    /// with every parent evaluation of its own and no own change, it runs or not at each
    /// transition by its comparison alone.
    static func parentProperties(_ transitions: Int) -> [[[PropertyValue]]] {
        [[], [(0...transitions).map { .plain($0) }]]
    }

    /// Every history of one view with `properties` (per property, its values at each render),
    /// each `type`, and per transition every survival and `changes`, its parent's evaluation
    /// taken from `parentEvaluated` (every value when `nil`).
    static func histories(
        transitions: Int, properties: [[[PropertyValue]]], types: [(ViewEquality, Bool)], changes: [OwnChange],
        parentEvaluated: [Bool]?
    ) -> [[ViewLink]] {
        var steps: [[(survives: Bool, change: OwnChange, parent: Bool)]] = [[]]
        for transition in 0..<transitions {
            let parents = parentEvaluated.map { [$0[transition]] } ?? [false, true]
            steps = steps.flatMap { prefix in
                [false, true].flatMap { survives in
                    changes.flatMap { change in parents.map { prefix + [(survives, change, $0)] } }
                }
            }
        }
        var result: [[ViewLink]] = []
        for values in properties {
            for (equality, equatable) in types {
                for step in steps {
                    let hasState = step.contains { $0.change.state != .none || $0.change.initialChanged }
                    result.append(step.enumerated().map { transition, step in
                        ViewLink(
                            survives: step.survives, parentEvaluated: step.parent, old: values.map { $0[transition] },
                            new: values.map { $0[transition + 1] }, equality: equality, equatable: equatable, hasState: hasState,
                            stateChange: step.change.state, signalled: step.change.signalled, initialChanged: step.change.initialChanged)
                    })
                }
            }
        }
        return result
    }

    /// The sets `withSets` makes at a set path's transition: of the value held, and of another.
    static let stateSets: [(held: Int, set: Int)] = [(0, 0), (0, 1)]

    /// `histories` (no state change of their own) with `@State` and, at `transition`, every set of
    /// `stateSets`, read or not; each link's state change is the one the set carries (`StateCarry`),
    /// which Z3 asserts too (`InvalidationEncoding.stateSet`, `stateCarried`).
    static func withSets(_ histories: [[ViewLink]], at transition: Int, rules: InvalidationRules) -> [[ViewLink]] {
        histories.flatMap { history in
            stateSets.flatMap { values in
                [true, false].map { read in
                    var history = history.map { link in
                        var link = link
                        link.hasState = true
                        return link
                    }
                    history[transition].stateSet = StateSet(held: values.held, set: values.set, read: read)
                    let carry = StateCarry(history: history, initials: StateCarry.initials(of: history), rules: rules)
                    for index in history.indices { history[index].stateChange = carry.changes[index] }
                    return history
                }
            }
        }
    }

    /// What `observe` enumerates with sets, in words.
    static func setDescription(_ shape: Shape, transitions: Int, sets: Int) -> String {
        let set = "the set path with @State set to the value it holds or another, read or not, and no other state change"
        let childProperties = setChildProperties(transitions, bothSet: sets == 2)
        let childTypes = setChildTypes(bothSet: sets == 2)
        switch shape {
        case .single:
            return "one view over \(transitions + 1) renders, \(Self.childProperties(transitions).count) property histories, "
                + "\(types.count) kinds of ==, every survival, signal, initial value and parent at each transition; " + set
        case .parentAndChild, .parentAndRow, .parentAndRows:
            return "a parent view (\(parentProperties(transitions).count) property histories, every survival and parent at each "
                + "transition) and its \(shape == .parentAndRows ? "two rows" : shape == .parentAndRow ? "row" : "child") over \(transitions + 1) renders (\(childProperties.count) property "
                + "histories, \(childTypes.count) kinds of ==, every survival and own change at each transition"
                + (shape == .parentAndChild ? "" : ", every key kept or not and move") + "); " + set
                + (sets == 2 ? ", on each" : "")
        }
    }

    /// A child's property histories beside a set path (fewer, since the sets multiply the pairs):
    /// none, a plain value constant, and a closure with context; with the parent and the child both
    /// set, none (equal under every comparison) and the closure (never equal).
    static func setChildProperties(_ transitions: Int, bothSet: Bool) -> [[[PropertyValue]]] {
        let closure: [[PropertyValue]] = [(0...transitions).map { _ in .closure(capturesContext: true) }]
        return bothSet ? [[], closure] : Array(childProperties(transitions).prefix(2)) + [closure]
    }

    /// A child's `==` beside a set path: as beside any parent, or with both set, none.
    static func setChildTypes(bothSet: Bool) -> [(ViewEquality, Bool)] {
        bothSet ? [(.notEquatable, false)] : childTypes
    }

    /// Histories of a view declaring an `@Environment` the lemma does not name where that decides
    /// something: without `@State`, plain properties (POD but for the declaration), an `==` that
    /// says equal, or one that says different under `.equatable()` (FINDINGS.md 42).
    static func unnamedEnvironmentHistories(_ transitions: Int, parentEvaluated: [Bool]? = nil) -> [[ViewLink]] {
        histories(
            transitions: transitions, properties: childProperties(transitions).filter { $0.allSatisfy { $0.allSatisfy(\.kind.isPOD) } },
            types: unnamedEnvironmentTypes, changes: ownChanges.filter { $0.state == .none && !$0.initialChanged },
            parentEvaluated: parentEvaluated
        ).map { history in history.map { link in
            var link = link
            link.declaresUnnamedEnvironment = true
            return link
        } }
    }

    /// The `==` of a view declaring an unnamed environment (`unnamedEnvironmentHistories`).
    static let unnamedEnvironmentTypes: [(ViewEquality, Bool)] = [(.alwaysTrue, false), (.alwaysFalse, true)]

    /// Every history (canonical paths) of `shape` whose trees realize it under the rules, with
    /// what the trees did, and the number whose trees did not; with `sets`, the canonical paths it
    /// names are set at their transitions (`withSets`).
    static func observe(
        _ shape: Shape, transitions: Int, sets: [Int: Int] = [:], rules: InvalidationRules, identityRules: RuleSet
    ) -> (realized: [([[ViewLink]], [[ViewLinkObservation]])], unrealized: Int) {
        var realized: [([[ViewLink]], [[ViewLinkObservation]])] = []
        var unrealized = 0
        func keep(_ histories: [[ViewLink]], parents: [Int?]) -> [[ViewLinkObservation]]? {
            guard histories.allSatisfy({ $0.allSatisfy { $0.isRealizable(under: rules) } && ViewLink.ownReadsAllow($0, under: rules) }) else {
                return nil
            }
            let names = Array(["p", "q", "s"].prefix(parents.count))
            let observed = InvalidationReplay.observe(histories, parents: parents, names: names, rules: rules, identityRules: identityRules)
            guard case .realized(_, let observations) = observed else {
                unrealized += 1
                return nil
            }
            return observations
        }
        switch shape {
        case .single:
            var views = histories(
                transitions: transitions, properties: childProperties(transitions), types: types,
                changes: sets[0] == nil ? ownChanges : ownChanges.filter { $0.state == .none }, parentEvaluated: nil)
            // A set view holds `@State`, so it is not POD whatever it declares: the unnamed environment decides nothing there.
            if let transition = sets[0] { views = withSets(views, at: transition, rules: rules) } else { views += unnamedEnvironmentHistories(transitions) }
            for history in views {
                if let observations = keep([history], parents: [nil]) { realized.append(([history], observations)) }
            }
        case .parentAndChild, .parentAndRow:
            let row = shape == .parentAndRow
            var parents = histories(
                transitions: transitions, properties: parentProperties(transitions), types: [(.notEquatable, false)],
                changes: [(.none, false, false)], parentEvaluated: nil)
            if let transition = sets[0] { parents = withSets(parents, at: transition, rules: rules) }
            for parent in parents {
                guard let alone = keep([parent], parents: [nil]) else { continue }
                let ran = alone[0].map(\.view.evaluated)
                let ownChanges = row ? rowOwnChanges : childOwnChanges
                var children = histories(
                    transitions: transitions,
                    properties: !sets.isEmpty ? setChildProperties(transitions, bothSet: sets.count == 2)
                        : row ? rowProperties(transitions) : childProperties(transitions),
                    types: sets.isEmpty ? childTypes : setChildTypes(bothSet: sets.count == 2),
                    changes: sets[1] == nil ? ownChanges : ownChanges.filter { $0.state == .none }, parentEvaluated: ran)
                if let transition = sets[1] {
                    children = withSets(children, at: transition, rules: rules)
                } else if sets.isEmpty, !row {
                    children += unnamedEnvironmentHistories(transitions, parentEvaluated: ran)
                }
                if row { children = withRows(children) }
                let byKey = row && RowChange.identifiedByKey(under: identityRules)
                for child in children {
                    // A child's identity extends its parent's: a new parent makes a new child (I1),
                    // but for a mutant under which `.id` restarts identity (the trees decide then);
                    // a row's is its parent's and its key under R8.
                    guard !identityRules.identitiesExtendParents || zip(parent, child).allSatisfy({ $0.survives || !$1.survives }),
                        !byKey || zip(parent, child).allSatisfy({ $1.survives == ($0.survives && $1.row!.keyKept) })
                    else { continue }
                    if let observations = keep([parent, child], parents: [nil, 0]) {
                        realized.append(([parent, child], observations))
                    }
                }
            }
        case .parentAndRows:
            var parents = histories(
                transitions: transitions, properties: parentProperties(transitions), types: [(.notEquatable, false)],
                changes: [(.none, false, false)], parentEvaluated: nil)
            if let transition = sets[0] { parents = withSets(parents, at: transition, rules: rules) }
            let byKey = RowChange.identifiedByKey(under: identityRules)
            for parent in parents {
                guard let alone = keep([parent], parents: [nil]) else { continue }
                let ran = alone[0].map(\.view.evaluated)
                // Each row as a lone row's domain (`rowProperties`, or a set path's), placed with
                // every key kept or not and move; survival as for one row.
                let rows = [1, 2].map { canonical in
                    var rows = histories(
                        transitions: transitions,
                        properties: sets.isEmpty ? rowProperties(transitions) : setChildProperties(transitions, bothSet: sets.count >= 2),
                        types: sets.isEmpty ? childTypes : setChildTypes(bothSet: sets.count >= 2),
                        changes: sets[canonical] == nil ? rowOwnChanges : rowOwnChanges.filter { $0.state == .none }, parentEvaluated: ran)
                    if let transition = sets[canonical] { rows = withSets(rows, at: transition, rules: rules) }
                    return withRows(rows).filter { row in
                        (!identityRules.identitiesExtendParents || zip(parent, row).allSatisfy { $0.survives || !$1.survives })
                            && (!byKey || zip(parent, row).allSatisfy { $1.survives == ($0.survives && $1.row!.keyKept) })
                    }
                }
                for first in rows[0] {
                    // Rows of one ForEach are of its one content's type: the trees of two others are no
                    // render. A row without a state change of its own may hold `@State` as its sibling does.
                    for second in rows[1] where second[0].equality == first[0].equality && second[0].equatable == first[0].equatable {
                        let hasState = first[0].hasState || second[0].hasState
                        let (first, second) = (Self.holdingState(first, hasState), Self.holdingState(second, hasState))
                        if let observations = keep([parent, first, second], parents: [nil, 0, 0]) {
                            realized.append(([parent, first, second], observations))
                        }
                    }
                }
            }
        }
        return (realized, unrealized)
    }
}
