import IdentityModel
import Invalidation

/// Views over several renders, some the children of others, as renders of view trees that
/// `BodyEvaluator` runs: each path whose parent is none of the lemma's is made by a root
/// `Parent(n: c, state: 0)`, and a path declared the child of another (`childOf`) is made by that
/// path's view, in its body. A path's view is `View(p0: …, …).id(k) @name` whose key changes when
/// the link says its identity does not survive (`AnyView(ViewA(…)).id(k)`, `AnyView(ViewB(…)).id(k)`
/// where a new identity changes the type, `PlaceTypeNames`); a row (`rowOf`) is instead a row of a
/// `ForEach` in its parent's body, over `Identifiable` items, whose key changes when the link says
/// it is not kept and whose offset goes from 0 to 1 and back when it moves (with another row,
/// `name_other` of its type, at offset 0 while it is at 1). Several rows of one parent are distinct
/// rows of its one `ForEach`, in the lemma's order, each with keys of its own and two offsets of its
/// own (`RowSlot`): the i-th at 2i or 2i + 1, its `name_other` at the other one but for the last
/// row, which has it only while it is moved, as a lone row; so a row's move or new key never shifts
/// another's offset, and the printed block reads back the same offsets. The root runs at a transition when the link says
/// its child's parent ran: its plain `n` changes and a state its body read changed (two rules, so
/// no single broken rule stops it); otherwise neither. What the trees do is observed, not assumed.
package struct ViewChainTrees: Sendable {
    /// One tree per path whose parent is none of the lemma's; in each, one root node per render.
    package var renders: [[ViewNode]]
    /// Per tree, its paths in the order `BodyEvaluator` visits them (parents first), after the root.
    let order: [[Int]]
    /// Per path, the path that makes it, or `nil` for a root's child.
    let parents: [Int?]
    /// Per path, its view's label: the path's name.
    let labels: [String]
    /// Per path, its own state change at each transition as the trees carry it (`carries`' for a
    /// set path, else the links').
    let stateChanges: [[StateChange]]
    /// Per path, the state a set carries over the renders (`StateCarry`), or `nil` for a path not set.
    package let carries: [StateCarry?]
    /// Per path, per transition, whether its storage's sticky read flag is set before the change
    /// (I8 "The read flag"; `ViewNode.locationWasRead`): by a change of it the owner's body read at
    /// an earlier transition, or by a binding the lemma names, since the owner's identity began.
    package private(set) var flags: [[Bool]]
    /// The render before the lemma's first, or `nil` where the first is a first render (every body
    /// runs there, so a binding held there sets its owner's flag): `earlierRender(histories:bindings:rules:identityRules:)`.
    package let earlier: EarlierRender?
    /// The first key whose changes reaching the paths no tree gives (`EnvironmentReach`), or `nil`.
    package let unrealizableEnvironmentKey: Int?
    /// Two rows of one parent whose views differ in type at a render (`RowSlot.ContentShape`, the
    /// environment writes on them included), and how, or `nil`: every row of one `ForEach` is its one
    /// content's (a printed block of two types is no render, E041), so the replay refuses those trees.
    package let unrealizableRows: RowSlot.MixedContent?
    package static let rootLabel = "parent"
    /// The number of the lemma's object 0 in every view of the trees (`objectNumber`).
    let objectBase: Int
    /// The links the renders are built from (`carrying` replaces their tracking as it carries it).
    private var histories: [[ViewLink]]
    /// Per path, its view at each render named by type, and whether its place is an `AnyView` (`PlaceTypeNames`).
    private let values: [(values: [ViewValue], erased: Bool)]
    /// Per path, per render, the environment reaching it.
    private let environments: [[[String: Int]]]
    /// Per path, per render, the keys its parent's body overrides on it (`EnvironmentReach.overridden`).
    private let overrides: [[[String]]]
    /// Per path, its `.id` key at each render (a row's key in its `ForEach`).
    private let keys: [[Int]]
    /// Per path, a row's offset in its `ForEach` at each render.
    private let offsets: [[Int]]
    /// Per path, a row's place among its parent's rows (`RowSlot`), or `nil` for a path not a row.
    private let slots: [RowSlot?]
    /// Per path, the paths its view makes, in the lemma's order.
    private let made: [[Int]]
    /// The roots' label: `rootLabel`, or another where a path has that name.
    private let rootName: String
    /// Per path, the label of the other row at its slot (`name_other`, or `name_other_` where a
    /// path has that name), made once rather than per render.
    private let otherLabels: [String]

    /// The lemma's object `index` in the trees, the same in every view.
    package func objectNumber(_ index: Int) -> Int { objectBase + index }

    /// The trees of `histories` (one link per transition per path), with `parents` and the paths'
    /// `names` as labels; a change of a path's `@State` its body read, and for each pair of
    /// `bindings` (`holdsBindingOf`) a binding the holder's view holds to the owner's `@State` in a
    /// render its body ran, set the owner's read flag, which stays set while the owner's identity
    /// survives, as the scenario runner keeps it: every body runs
    /// in the first render, and at a later one the holder ran where `evaluated` (per path, per
    /// transition, what `BodyEvaluator` did; `flagging` derives it) says so. A user's set of a
    /// view's state (`stateSet`) is applied as a scenario's `set`, under `rules`, and the state carried to
    /// the later renders (`StateCarry`).
    /// With `earlier`, the lemma's first render follows that render: a holder's binding there sets
    /// the flag only where its body ran (`EarlierRender.ran`), and each owner `earlier` signals runs
    /// its body there (a dependency, which sets no flag).
    package init(
        histories: [[ViewLink]], parents: [Int?], names: [String], bindings: [(holder: Int, owner: Int)] = [],
        evaluated: [[Bool]] = [], rules: InvalidationRules = .runtime, earlier: EarlierRender? = nil
    ) {
        self.parents = parents
        self.earlier = earlier
        self.histories = histories
        labels = names
        let made = parents.indices.map { path in parents.indices.filter { parents[$0] == path } }
        self.made = made
        // Each path's `@State` initial value at each render, and a set path's state carried over them.
        let initials = histories.map(StateCarry.initials)
        let carries = zip(histories, initials).map { history, initials in
            history.contains { $0.stateSet != nil } ? StateCarry(history: history, initials: initials, rules: rules) : nil
        }
        self.carries = carries
        let stateChanges = zip(histories, carries).map { history, carry in carry?.changes ?? history.map(\.stateChange) }
        self.stateChanges = stateChanges
        let transitions = histories.first?.count ?? 0
        let flags = Self.flags(
            histories: histories, stateChanges: stateChanges, bindings: bindings, evaluated: evaluated, firstRenderRan: earlier?.ran)
        self.flags = flags
        rootName = names.contains(Self.rootLabel) ? Self.rootLabel + "_" : Self.rootLabel
        otherLabels = names.map { names.contains($0 + "_other") ? $0 + "_other_" : $0 + "_other" }
        keys = histories.map { history in
            history.reduce(into: [0]) { keys, link in keys.append(keys.last! + ((link.row?.keyKept ?? link.survives) ? 0 : 1)) }
        }
        // A row's offset in its `ForEach`, at each render: its slot's first, or its second while moved an odd number of times.
        let slots = RowSlot.slots(rows: Set(histories.indices.filter { histories[$0].first?.row != nil }), parents: parents)
        self.slots = slots
        let offsets = zip(histories, slots).map { history, slot in
            history.reduce(into: [0]) { toggles, link in toggles.append(link.row?.moved == true ? 1 - toggles.last! : toggles.last!) }
                .map { (slot?.firstOffset ?? 0) + $0 }
        }
        self.offsets = offsets
        // The lemma's objects, numbered alike in every view (a send is the object's), above every
        // object a view's own properties hold; then each path's `@StateObject` objects, a range of
        // its own, at each render as the scenario runner resolves them (I12): the one held before
        // when the link keeps it, else a new one. A range is twice the renders: its objects and the
        // fresh initialisers below, so no path's initialiser names another path's object.
        let objectBase = histories.compactMap { $0.first?.objectNumber(0) }.max() ?? 1
        self.objectBase = objectBase
        let lemmaObjects = histories.joined().map { $0.observedObjects.union($0.foundObjects).union($0.objectsSent).max().map { $0 + 1 } ?? 0 }
            .max() ?? 0
        let objects = histories.enumerated().map { path, history in
            history.reduce(into: [objectBase + lemmaObjects + path * 2 * (transitions + 1)]) { objects, link in
                objects.append(link.keepsStateObject ? objects.last! : objects.max()! + 1)
            }
        }
        // Each path's `@StateObject` initialiser at each render: the object held first, then another
        // where the link says it changed (the object made, unless the identity kept its own), else
        // the object held before, which is what "unchanged" means (`initialiserChanged`: the later
        // initialiser makes another object than the one held before; not the render before's
        // initialiser, FINDINGS.md 80); a scenario's runner resolves the trees' objects from these (I12).
        // A parent whose body did not run hands its earlier initialiser down (I9), so there the
        // earlier render's is the later one's, the object held then an earlier initialiser's
        // (FINDINGS.md 54: `model(5)` then `model(6)` below a skipped parent is no render pair).
        let initialisers = zip(histories, objects).map { history, objects in
            var fresh = (objects.max() ?? 0) + 1
            var initialisers = history.enumerated().reduce(into: [objects[0]]) { initialisers, step in
                let (transition, link) = step
                guard link.initialiserChanged else { return initialisers.append(objects[transition]) }
                if link.keepsStateObject {
                    initialisers.append(fresh)
                    fresh += 1
                } else {
                    initialisers.append(objects[transition + 1])
                }
            }
            for (transition, link) in history.enumerated().reversed() where !link.parentEvaluated {
                initialisers[transition] = initialisers[transition + 1]
            }
            return initialisers
        }
        // The environment reaching each path at each render: every key it or a path below it
        // declares or whose value changes, valued as `EnvironmentReach` realizes the changes (I10:
        // a child's override for the whole life of its identity, a step of its view at every render
        // of it whatever its value: `writes`); a key no tree gives is valued by
        // the changes so far, and the replay refuses those trees (`unrealizableEnvironmentKey`).
        let reach = EnvironmentReach(links: histories, parents: parents)
        unrealizableEnvironmentKey = reach.unrealizableKey
        environments = histories.indices.map { path in
            let keys = reach.reaching[path]
            return (0...transitions).map { render in
                Dictionary(uniqueKeysWithValues: keys.map { key in
                    (ViewLink.environmentKey(key),
                     reach.values[key]?[path][render] ?? histories[path].prefix(render).filter { $0.keyChanges.contains(key) }.count)
                })
            }
        }
        overrides = histories.indices.map { path in
            (0...transitions).map { render in
                reach.overridden.filter { $0.value[path][render] }.map { ViewLink.environmentKey($0.key) }.sorted()
            }
        }
        // A binding a child holds to its parent path's `@State` names the location `$state` names
        // in the parent's body (`ViewTreeParser`), so the printed trees say whose state it is.
        let owners = bindings.filter { parents[$0.holder] == $0.owner }
        // Each path's view at each render: the first link's earlier view, then each link's later one,
        // named by type (`AnyView` where a new identity changes it, FINDINGS.md 46).
        let values = histories.indices.map { path in
            PlaceTypeNames.named(histories[path].isEmpty ? [] : (0...transitions).map { render in
                let link = histories[path][max(render - 1, 0)]
                let value = render == 0
                    ? link.value(
                        link.old, of: link.earlierType, initial: initials[path][render], stateObject: objects[path][render],
                        initialiser: initialisers[path][render], objectNumber: { objectBase + $0 })
                    : link.value(
                        link.new, of: link.newType, initial: initials[path][render], stateObject: objects[path][render],
                        initialiser: initialisers[path][render], objectNumber: { objectBase + $0 })
                // Only a location the owner keeps over every render: renaming two would make them equal.
                return owners.filter { $0.holder == path }.reduce(value) { value, pair in
                    let locations = Set(histories[pair.owner].map(\.stateLocation))
                    return locations.count == 1 ? Self.located(value, from: locations.first!, to: names[pair.owner]) : value
                }
            })
        }
        unrealizableRows = RowSlot.mixedContent(values: values, writes: overrides, slots: slots, parents: parents)
        func preorder(_ path: Int) -> [Int] { [path] + made[path].flatMap(preorder) }
        order = parents.indices.filter { parents[$0] == nil }.map(preorder)
        self.values = values
        // The nodes are built by methods, which may read `self` only once every property is set.
        renders = []
        renders = order.map { tree in (0...transitions).map { root(tree[0], render: $0) } }
    }

    /// The root over path `path` (a root's child) at render `render`: it runs at a transition when
    /// the link says its child's parent ran, so its `n` counts those runs.
    private func root(_ path: Int, render: Int) -> ViewNode {
        let runs = render > 0 && histories[path][render - 1].parentEvaluated
        let counter = histories[path].prefix(render).filter(\.parentEvaluated).count
        return ViewNode(
            rootName, value: ViewValue("Parent", [StoredProperty("n", .plain(counter))], hasState: true),
            stateChange: runs ? .changedRead : .none, children: [node(path, render: render)])
    }

    /// Path `path`'s view at render `render`, with the views it makes.
    private func node(_ path: Int, render: Int) -> ViewNode {
        let names = labels
        let history = histories[path]
        let link = history[max(render - 1, 0)]
        let value = values[path].values[render]
        // A row at its slot's second offset has another row before it, and a row but the last one
        // after it at its first; rows of different paths have keys apart.
        // The other row is of the row's type (one `ForEach` content, which a printed tree's
        // `ForEach` block holds: the same `@State`, `==`, `.equatable()` and `AnyView`), with no
        // properties, and its `==`, if it reads any, reads none.
        let others = made[path].compactMap { row -> (row: Int, offset: Int)? in
            guard let slot = slots[row] else { return nil }
            let first = slot.firstOffset
            let moved = offsets[row][render] != first
            return moved || !slot.isLast ? (row, moved ? first : first + 1) : nil
        }.map { row, offset in
            let label = otherLabels[row]
            let shape = values[row].values[render]
            let equality = shape.equality.map { equality -> CustomEquality in
                if case .reads = equality { return .reads([]) }
                return equality
            }
            let value = ViewValue(shape.type, equality: equality, isEquatableWrapped: shape.isEquatableWrapped, hasState: shape.hasState)
            // The closure writes its override on every row it makes: the other row carries the row's.
            let written = overrides[row][render]
            return ViewNode(
                label,
                steps: [RowChange.step(key: -1 - row, offset: offset)] + writes(row, render: render)
                    + (values[row].erased ? [.anyView(erased: value.staticType)] : []),
                value: value, environment: environments[row][render].filter { written.contains($0.key) })
        }
        let children = made[path].map { node($0, render: render) } + others
        let steps = history.first?.row == nil
            ? writes(path, render: render) + PlaceTypeNames.steps(key: keys[path][render], value: value, erased: values[path].erased)
            : [RowChange.step(key: 10 * path + keys[path][render], offset: offsets[path][render])] + writes(path, render: render)
                + (values[path].erased ? [.anyView(erased: value.staticType)] : [])
        let flagged = render > 0 && flags[path][render - 1]
        // What its tracking holds meets the changes as in scenarios (`ObservedProperty.changes`).
        let observed = render == 0 ? (false, false) : link.observedChanges
        // Every body runs in the first render, so what it reads there is what the first link's
        // tracking holds; each change sets its property to one more than before, so it commits.
        let reads = render == 0 ? link.tracked : link.reads
        let changes = render == 0 ? [:] : Dictionary(uniqueKeysWithValues: link.propertyChanges.map { property in
            (ViewLink.observedProperty(property), history[..<render].filter { $0.propertyChanges.contains(property) }.count)
        })
        return ViewNode(
            names[path], steps: steps, value: value,
            stateChange: render == 0 ? .none : stateChanges[path][render - 1],
            dependencyChanged: render == 0 ? earlier?.signalled.contains(path) == true : history[render - 1].signalled,
            environment: environments[path][render],
            environmentObjects: link.environmentObjects(numbered: { objectBase + $0 }),
            objectsSent: render == 0 ? [] : link.objectsSent.sorted().map { objectBase + $0 }, children: children, locationWasRead: flagged,
            observedReadChanged: observed.0, observedObjectChanged: observed.1,
            observedReads: Set(reads.map(ViewLink.observedProperty)), observableChanges: changes)
    }

    /// The `.environment(\.key, v)` writes of its parent's body on path `path`'s view at render
    /// `render`, outermost first, as `ViewTreeParser` reads the printed line back (I10: a modifier is
    /// part of the view's type, so an override stands for the whole life of its identity and is a
    /// step of every render of it, whatever its value; `BodyEvaluator` decides identities with it).
    private func writes(_ path: Int, render: Int) -> [PathStep] {
        overrides[path][render].reversed().map { key in .modified(.environment(key), value: environments[path][render][key] ?? 0) }
    }

    /// Builds every tree's renders from `render` on again, from `histories` and `flags` as they are now.
    private mutating func rebuild(from render: Int) {
        for (tree, paths) in order.enumerated() {
            for later in render..<renders[tree].count { renders[tree][later] = root(paths[0], render: later) }
        }
    }

    /// Per path, per transition, its read flag before the change (`flags`), from `init`'s
    /// `histories`, the state changes the trees carry, `bindings` and `evaluated`; per path whether
    /// its body ran in the first render (`firstRenderRan`; `nil`: every body, a first render).
    package static func flags(
        histories: [[ViewLink]], stateChanges: [[StateChange]], bindings: [(holder: Int, owner: Int)], evaluated: [[Bool]],
        firstRenderRan: [Bool]? = nil
    ) -> [[Bool]] {
        let transitions = histories.first?.count ?? 0
        return histories.indices.map { owner in
            var flag = false
            return (0..<transitions).map { render in
                if render > 0, !histories[owner][render - 1].survives { flag = false }
                // The owner's body read the change before (I8 "The read flag"; the runner's `set`).
                if render > 0, stateChanges[owner][render - 1] == .changedRead { flag = true }
                flag = flag || bindings.contains { pair in
                    let ran = render == 0
                        ? firstRenderRan?[pair.holder] ?? true : evaluated.indices.contains(pair.holder) && evaluated[pair.holder][render - 1]
                    return pair.owner == owner && ran
                        && ViewLink.holdsBinding(ViewLink.values(of: histories[pair.holder], at: render), of: histories[owner][render])
                }
                return flag
            }
        }
    }

    /// The trees of `histories` with `evaluated` derived: a holder's evaluation at a transition
    /// decides the flags only at later ones, and a transition's renders read only the flags up to
    /// it, so transition by transition the trees' evaluation there is final: one transition is
    /// observed per pass, and the trees are built again only where a flag changed.
    /// With `earlierRender`, the trees have a render before the lemma's first (`earlierRender(histories:bindings:rules:identityRules:)`).
    package static func flagging(
        histories: [[ViewLink]], parents: [Int?], names: [String], bindings: [(holder: Int, owner: Int)],
        rules: InvalidationRules, identityRules: RuleSet, earlierRender: Bool = false
    ) -> ViewChainTrees {
        var trees = ViewChainTrees(histories: histories, parents: parents, names: names, bindings: bindings, rules: rules)
        guard !bindings.isEmpty else { return trees }
        let earlier = earlierRender
            ? trees.earlierRender(histories: histories, bindings: bindings, rules: rules, identityRules: identityRules) : nil
        if let earlier {
            trees = ViewChainTrees(histories: histories, parents: parents, names: names, bindings: bindings, rules: rules, earlier: earlier)
        }
        let transitions = histories.first?.count ?? 0
        var evaluated = histories.map { _ in [Bool](repeating: false, count: transitions) }
        for transition in 0..<max(transitions - 1, 0) {
            let observed = trees.observe(transition: transition, rules: rules, identityRules: identityRules)
            for path in evaluated.indices { evaluated[path][transition] = observed[path].view.evaluated }
            if flags(histories: histories, stateChanges: trees.stateChanges, bindings: bindings, evaluated: evaluated, firstRenderRan: earlier?.ran)
                != trees.flags
            {
                trees = ViewChainTrees(
                    histories: histories, parents: parents, names: names, bindings: bindings, evaluated: evaluated, rules: rules,
                    earlier: earlier)
            }
        }
        return trees
    }

    /// `value` with every located binding to `location` naming instead the `@State` of the view
    /// labelled `owner` as `ViewTreeParser` reads `$state` in that view's body.
    static func located(_ value: ViewValue, from location: Int, to owner: String) -> ViewValue {
        let renamed = ViewTreeParser.stateLocation(of: owner)
        var copy = value
        copy.properties = value.properties.map { property in
            switch property.value {
            case .projectedBinding(location, let snapshot):
                return StoredProperty(property.name, .projectedBinding(location: renamed, value: snapshot))
            case .keyPathBinding(location, let keyPath, let snapshot):
                return StoredProperty(property.name, .keyPathBinding(location: renamed, keyPath: keyPath, value: snapshot))
            default: return property
            }
        }
        return copy
    }

    /// `histories` with the tracking of every link after the first derived as the registrar keeps
    /// it (I8 "@Observable", `ViewLink.trackingAfter`): from the link before, what its body read
    /// and whether `BodyEvaluator` ran it on the trees, render by render as the scenario runner
    /// does; a view with a new identity tracks nothing. The first link's tracking is given (any
    /// earlier history could have made it). With them, their trees with the read flags derived
    /// (`flagging`'s), built once: a transition's renders read no later link, and a flag and a
    /// tracking after a transition are read only by the renders after it, so the trees are observed
    /// transition by transition, and after each only the renders not yet observed are built again,
    /// where a tracking carried or a flag set changed them. Without `keepingObservations` (a caller
    /// that observes every transition afresh) the carry's observations are not kept: `observed` is empty.
    package static func carrying(
        _ histories: [[ViewLink]], parents: [Int?], names: [String], bindings: [(holder: Int, owner: Int)] = [],
        rules: InvalidationRules, identityRules: RuleSet, keepingObservations: Bool = true
    ) -> CarriedHistories {
        var trees = ViewChainTrees(histories: histories, parents: parents, names: names, bindings: bindings, rules: rules)
        var observedSoFar = histories.map { _ in [ViewLinkObservation]() }
        let tracks = histories.joined().contains { !$0.tracked.isEmpty || !$0.reads.isEmpty }
        guard tracks || !bindings.isEmpty else { return CarriedHistories(trees: trees, observed: observedSoFar) }
        let transitions = histories.first?.count ?? 0
        var evaluated = histories.map { _ in [Bool](repeating: false, count: transitions) }
        for transition in 0..<max(transitions - 1, 0) {
            let observed = trees.observe(transition: transition, rules: rules, identityRules: identityRules)
            if keepingObservations {
                for path in observed.indices { observedSoFar[path].append(observed[path]) }
            }
            var changed = false
            if !bindings.isEmpty {
                for path in evaluated.indices { evaluated[path][transition] = observed[path].view.evaluated }
                let flags = Self.flags(histories: trees.histories, stateChanges: trees.stateChanges, bindings: bindings, evaluated: evaluated)
                if flags != trees.flags {
                    trees.flags = flags
                    changed = true
                }
            }
            if tracks {
                for path in trees.histories.indices {
                    let link = trees.histories[path][transition]
                    let after = link.trackingAfter(evaluated: observed[path].view.evaluated, under: rules)
                    let tracked = trees.histories[path][transition + 1].survives ? after : []
                    if tracked != trees.histories[path][transition + 1].tracked {
                        trees.histories[path][transition + 1].tracked = tracked
                        changed = true
                    }
                }
            }
            if changed { trees.rebuild(from: transition + 2) }
        }
        return CarriedHistories(trees: trees, observed: observedSoFar)
    }

    /// The links the trees are built from.
    package var links: [[ViewLink]] { histories }

    /// What `BodyEvaluator` under `rules` and `identityRules` does at each transition: per path,
    /// one observation per transition, its parent's event being the root's or its parent path's.
    package func observe(rules: InvalidationRules, identityRules: RuleSet) -> [[ViewLinkObservation]] {
        observe(rules: rules, identityRules: identityRules, after: parents.map { _ in [] })
    }

    /// `observe(rules:identityRules:)` given its first transitions' observations (`observed`, per
    /// path, the same count for each, made on these renders): only the later transitions are observed.
    package func observe(rules: InvalidationRules, identityRules: RuleSet, after observed: [[ViewLinkObservation]]) -> [[ViewLinkObservation]] {
        let evaluator = BodyEvaluator(identityRules: identityRules, rules: rules)
        var result = observed
        let first = observed.first?.count ?? 0
        for (tree, renders) in self.renders.enumerated() {
            for transition in first..<(renders.count - 1) {
                observe(tree: tree, transition: transition, evaluator: evaluator) { result[$0].append($1) }
            }
        }
        return result
    }

    /// `observe(rules:identityRules:)`'s observations at transition `transition` alone, per path.
    package func observe(transition: Int, rules: InvalidationRules, identityRules: RuleSet) -> [ViewLinkObservation] {
        let evaluator = BodyEvaluator(identityRules: identityRules, rules: rules)
        var result = [ViewLinkObservation?](repeating: nil, count: parents.count)
        for tree in renders.indices {
            observe(tree: tree, transition: transition, evaluator: evaluator) { result[$0] = $1 }
        }
        return result.map { $0! }
    }

    /// Runs `evaluator` on tree `tree`'s renders `transition` and `transition + 1`, and hands each of
    /// its paths' observations to `record`.
    private func observe(tree: Int, transition: Int, evaluator: BodyEvaluator, _ record: (Int, ViewLinkObservation) -> Void) {
        let (events, survives) = evaluator.evaluateWithSurvival(before: renders[tree][transition], after: renders[tree][transition + 1])
        // Events come parents first, the root's first; a path's is the one with its label.
        var indexOf = [Int](repeating: -1, count: parents.count)
        for path in order[tree] { indexOf[path] = events.firstIndex { $0.label == labels[path] }! }
        for path in order[tree] {
            let index = indexOf[path]
            let parent = parents[path].map { events[indexOf[$0]] } ?? events[0]
            record(path, ViewLinkObservation(
                parent: parent, view: events[index], survives: survives[index], stateChange: stateChanges[path][transition]))
        }
    }

    /// Each tree's renders, flattened tree by tree, with `renderNames` and, when there are
    /// several trees, the name of the path each is made for.
    package func named(renderNames: [String], names: [String]) -> [(name: String, tree: ViewNode)] {
        renders.enumerated().flatMap { tree, renders in
            let suffix = self.renders.count == 1 ? "" : " (\(names[order[tree][0]]))"
            let before = earlier.map { [("earlier than \(renderNames[0])" + suffix, $0.roots[tree])] } ?? []
            return before + renders.enumerated().map { (renderNames[$0.offset] + suffix, $0.element) }
        }
    }

    /// The index in `named(renderNames:names:)` of render `render` of the tree that holds `path`.
    package func position(of path: Int, render: Int) -> Int {
        let tree = order.firstIndex { $0.contains(path) } ?? 0
        let shift = earlier == nil ? 0 : 1
        return tree * ((renders.first?.count ?? 0) + shift) + render + shift
    }

    /// A render before the lemma's first (of `histories`), in which a binding the first render shows
    /// had not reached its holder: each holder of `bindings` that its owner's body makes, and that
    /// holds no other pair's binding, holds there a binding to another location where the first
    /// render's holds its owner's; its owner is signalled before the first render (its body runs,
    /// and sets no flag), and the holder is compared as `BodyEvaluator` compares it: where its
    /// comparison ignores the binding (a custom `==`, I4), its body did not run and the binding set
    /// no flag (FINDINGS.md 63, 65). Every other view is as in the first render, a first render
    /// after this one, so every other holder's binding set its flag there.
    package func earlierRender(
        histories: [[ViewLink]], bindings: [(holder: Int, owner: Int)], rules: InvalidationRules, identityRules: RuleSet
    ) -> EarlierRender {
        let handed = bindings.filter { pair in
            parents[pair.holder] == pair.owner && bindings.allSatisfy { $0.holder != pair.holder || $0.owner == pair.owner }
        }
        // The owner's location as the model numbers it, or as the trees name it (`located`).
        var moved: [String: Set<Int>] = [:]
        for pair in handed {
            moved[labels[pair.holder], default: []].formUnion(
                [ViewTreeParser.stateLocation(of: labels[pair.owner])] + (histories[pair.owner].first.map { [$0.stateLocation] } ?? []))
        }
        func earlier(_ node: ViewNode) -> ViewNode {
            var copy = node
            copy.dependencyChanged = false
            copy.children = node.children.map(earlier)
            guard let locations = moved[node.label] else { return copy }
            copy.value.properties = node.value.properties.map { property in
                switch property.value {
                case .projectedBinding(let location, let snapshot) where locations.contains(location):
                    return StoredProperty(property.name, .projectedBinding(location: location ^ 0x10000, value: snapshot))
                case .keyPathBinding(let location, let keyPath, let snapshot) where locations.contains(location):
                    return StoredProperty(property.name, .keyPathBinding(location: location ^ 0x10000, keyPath: keyPath, value: snapshot))
                default: return property
                }
            }
            return copy
        }
        let signalled = Set(handed.map(\.owner))
        let roots = renders.map { earlier($0[0]) }
        let evaluator = BodyEvaluator(identityRules: identityRules, rules: rules)
        var ran = labels.map { _ in true }
        let compared = Set(handed.map(\.holder))
        for (tree, root) in roots.enumerated() {
            let after = Self.signalling(renders[tree][0], labels: Set(signalled.map { labels[$0] }))
            let events = evaluator.evaluate(before: root, after: after)
            for path in order[tree] where compared.contains(path) {
                ran[path] = events.first { $0.label == labels[path] }?.evaluated ?? true
            }
        }
        return EarlierRender(roots: roots, ran: ran, signalled: signalled)
    }

    /// `node` with the views labelled `labels` signalled (`dependencyChanged`).
    private static func signalling(_ node: ViewNode, labels: Set<String>) -> ViewNode {
        var copy = node
        copy.dependencyChanged = node.dependencyChanged || labels.contains(node.label)
        copy.children = node.children.map { signalling($0, labels: labels) }
        return copy
    }

}
