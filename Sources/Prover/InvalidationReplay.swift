import IdentityModel
import Invalidation
import LemmaLogic

/// Replays an invalidation lemma's views on trees: builds each path's renders (`ViewLinkTrees` for
/// one view over two renders, `ViewChainTrees` for several renders or a path the child of
/// another), runs `BodyEvaluator` on them, and evaluates the lemma on what it did. A
/// counterexample is shown only from here.
enum InvalidationReplay {
    /// What the replay found.
    enum Result {
        /// The lemma is false on the trees: the counterexample, as code.
        case violated(Counterexample)
        /// The lemma holds on the trees.
        case holds
        /// The trees do not realize the links (the reason): a parent or a survival other than the
        /// link's.
        case notRealized(String)
    }

    /// Replays `histories` (per path, one link per transition).
    static func run(_ lemma: InvalidationLemmaSpec, histories: [[ViewLink]], origin: Counterexample.Origin) -> Result {
        guard histories.count == lemma.paths.count, histories.allSatisfy({ $0.count == lemma.transitions }) else {
            return .notRealized("\(histories.map(\.count)) links per path, for \(lemma.paths.count) paths over \(lemma.transitions) transitions")
        }
        guard lemma.isSingleTransitionOfUnrelatedViews, lemma.bindingPairs.isEmpty else {
            switch observe(histories, of: lemma) {
            case .realized(let trees, let observations):
                return check(lemma, histories: histories, observations: observations, origin: origin) { trees }
            case .notRealized(let reason):
                return .notRealized(reason)
            }
        }
        // The lemma's `@Observable` properties are one object's: every view sees the same changes.
        if let first = histories.first?.first, histories.contains(where: { $0[0].propertyChanges != first.propertyChanges }) {
            return .notRealized("the views see different changes of the one @Observable object")
        }
        // A send is the object's: every view sees the same sends.
        if let first = histories.first?.first, histories.contains(where: { $0[0].objectsSent != first.objectsSent }) {
            return .notRealized("the views see different sends of the lemma's objects")
        }
        var trees: [ViewLinkTrees] = []
        var observations: [ViewLinkObservation] = []
        for (index, history) in histories.enumerated() {
            switch observe(history[0], rules: lemma.rules, identityRules: lemma.identityRules) {
            case .realized(let tree, let observed):
                trees.append(tree)
                observations.append(observed)
            case .notRealized(let reason):
                return .notRealized("\(lemma.paths[index]): \(reason)")
            }
        }
        return check(lemma, links: histories.map { $0[0] }, trees: trees, observations: observations, origin: origin)
    }

    /// What the trees of one link did, or why they do not realize it.
    enum Observation: Sendable {
        case realized(ViewLinkTrees, ViewLinkObservation)
        case notRealized(String)
    }

    /// Builds `link`'s trees and runs `BodyEvaluator` on them; independent of any lemma.
    static func observe(_ link: ViewLink, rules: InvalidationRules, identityRules: RuleSet) -> Observation {
        if let reason = unrealizable(link, rules: rules) { return .notRealized(reason) }
        let trees = ViewLinkTrees(link, rules: rules)
        let observed = trees.observe(rules: rules, identityRules: identityRules)
        if let reason = mismatch(link, observed) { return .notRealized(reason) }
        return .realized(trees, observed)
    }

    /// What the trees of several views over several renders did, or why they do not realize them.
    enum ChainObservation: Sendable {
        case realized(ViewChainTrees, [[ViewLinkObservation]])
        case notRealized(String)
    }

    /// Builds the trees of `histories` under `lemma`'s structure and runs `BodyEvaluator` on each
    /// transition; independent of the lemma's formulas.
    static func observe(_ histories: [[ViewLink]], of lemma: InvalidationLemmaSpec) -> ChainObservation {
        observe(
            histories, parents: lemma.parents, names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules,
            bindings: lemma.bindingPairs)
    }

    /// `observe(_:of:)` with the structure given: each tracking after the first link must be the
    /// registrar's, which the trees derive (`ViewChainTrees.carrying`).
    static func observe(
        _ histories: [[ViewLink]], parents: [Int?], names: [String], rules: InvalidationRules, identityRules: RuleSet,
        bindings: [(holder: Int, owner: Int)] = []
    ) -> ChainObservation {
        if let reason = unrealizable(histories, names: names, rules: rules) { return .notRealized(reason) }
        // What each tracking holds after the first link is the registrar's, from what the trees did.
        let carried = ViewChainTrees.carrying(
            histories, parents: parents, names: names, bindings: bindings, rules: rules, identityRules: identityRules,
            keepingObservations: false)
        for (path, history) in histories.enumerated() {
            for (transition, link) in history.enumerated() where link.tracked != carried.histories[path][transition].tracked {
                return .notRealized(
                    "\(names[path]) at transition \(transition): the registrar's tracking holds \(carried.histories[path][transition].tracked.sorted()) "
                        + "(I8 \"@Observable\": what its body read, kept until a change it tracked fired); the path level said \(link.tracked.sorted())")
            }
        }
        return realize(
            carried, reusingCarried: false, parents: parents, names: names, rules: rules, identityRules: identityRules,
            bindings: bindings)
    }

    /// `observe(_:of:)` of histories whose tracking the checker carried on their trees (its walks'
    /// candidates), on those trees: a transition's trees read no later link, so carrying the
    /// tracking again would give the same histories and trees. The transitions the carry observed
    /// (`CarriedHistories.observed`) are not observed again: a walk that finds the lemma false on
    /// these observations shows only what `observe(_:parents:names:rules:identityRules:bindings:)`,
    /// which observes every transition afresh, finds.
    static func observe(
        _ carried: CarriedHistories, parents: [Int?], names: [String], rules: InvalidationRules, identityRules: RuleSet,
        bindings: [(holder: Int, owner: Int)] = []
    ) -> ChainObservation {
        if let reason = unrealizable(carried.histories, names: names, rules: rules) { return .notRealized(reason) }
        return realize(
            carried, reusingCarried: true, parents: parents, names: names, rules: rules, identityRules: identityRules,
            bindings: bindings)
    }

    /// Why no trees give `histories` whatever they do, from their links alone, or `nil`.
    private static func unrealizable(_ histories: [[ViewLink]], names: [String], rules: InvalidationRules) -> String? {
        for (path, history) in histories.enumerated() {
            for (transition, link) in history.enumerated() {
                if let reason = unrealizable(link, rules: rules) { return "\(names[path]) at transition \(transition): \(reason)" }
            }
            if zip(history, history.dropFirst()).contains(where: { !$0.isFollowed(by: $1) }) {
                return "\(names[path]): a render's values differ between the transitions that share it (\(history))"
            }
            if zip(history, history.dropFirst()).contains(where: { !$0.sameDeclarations(as: $1) }) {
                return "\(names[path]): its environment keys or objects differ between transitions (\(history))"
            }
            if zip(history, history.dropFirst()).contains(where: { !$0.carriesStateObject(to: $1, under: rules) }) {
                return "\(names[path]): its @StateObject is not carried as I12 carries it (a skipped parent hands down its initialiser) (\(history))"
            }
        }
        // The lemma's `@Observable` properties are one object's: every view sees the same changes.
        for transition in 0..<(histories.first?.count ?? 0)
        where histories.contains(where: { $0[transition].propertyChanges != histories[0][transition].propertyChanges }) {
            return "the views see different changes of the one @Observable object at transition \(transition)"
        }
        // A send is the object's: every view sees the same sends.
        for transition in 0..<(histories.first?.count ?? 0)
        where histories.contains(where: { $0[transition].objectsSent != histories[0][transition].objectsSent }) {
            return "the views see different sends of the lemma's objects at transition \(transition)"
        }
        return nil
    }

    /// What `carried`'s trees did, or why they do not realize its histories, whose links alone
    /// `unrealizable` found nothing against; `reusingCarried`: the carry's observations of the
    /// first transitions taken as they are, where the trees are the carry's.
    private static func realize(
        _ carried: CarriedHistories, reusingCarried: Bool, parents: [Int?], names: [String], rules: InvalidationRules,
        identityRules: RuleSet, bindings: [(holder: Int, owner: Int)]
    ) -> ChainObservation {
        let histories = carried.histories
        // A change of a state its owner's body read, or a binding held to it in a render its holder
        // ran, sets its flag until the owner's identity ends, so under a shared flag a later change
        // of it is no unread one.
        func unflagged(_ trees: ViewChainTrees) -> (owner: Int, transition: Int)? {
            for (owner, history) in histories.enumerated() {
                for (transition, link) in history.enumerated()
                where !ViewLink.flagAllows(flagged: trees.flags[owner][transition], owner: link, under: rules) {
                    return (owner, transition)
                }
            }
            return nil
        }
        var trees = carried.trees
        var observed = reusingCarried ? carried.observed : histories.map { _ in [] }
        if let rows = trees.unrealizableRows {
            let pair = "\(names[rows.first]) and \(names[rows.second]) are rows of one ForEach"
            switch rows.difference {
            case .type:
                return .notRealized(
                    "\(pair) whose views differ in type (@State, ==, .equatable() or AnyView): every row "
                        + "renders the ForEach's one content")
            case .environmentWrites(let first, let second):
                func written(_ keys: [String]) -> String { keys.isEmpty ? "none" : keys.map { ".environment(\\.\($0), …)" }.joined(separator: ", ") }
                return .notRealized(
                    "\(pair) with different .environment writes (\(written(first)); \(written(second))): "
                        + "the ForEach's one content closure writes the same modifiers on every row (their values may differ)")
            }
        }
        // A binding the first render shows may have reached its holder in a value compared equal in
        // an earlier render, which set no flag (FINDINGS.md 63): trees with that render.
        if !bindings.isEmpty, unflagged(trees) != nil {
            let earlier = ViewChainTrees.flagging(
                histories: histories, parents: parents, names: names, bindings: bindings, rules: rules, identityRules: identityRules,
                earlierRender: true)
            if unflagged(earlier) == nil {
                trees = earlier
                observed = histories.map { _ in [] }
            }
        }
        if let (owner, transition) = unflagged(trees) {
            return .notRealized(
                "\(names[owner]) at transition \(transition): its body read a change of its state, or a view held a binding to "
                    + "it in a render its body ran, since its identity began, so its read flag is set and its change is no unread one")
        }
        let observations = trees.observe(rules: rules, identityRules: identityRules, after: observed)
        for (path, history) in histories.enumerated() {
            for (link, observed) in zip(history, observations[path]) {
                if let reason = mismatch(link, observed) { return .notRealized("\(names[path]): \(reason)") }
            }
            if let carry = trees.carries[path], let reason = mismatch(history, carry) { return .notRealized("\(names[path]): \(reason)") }
        }
        // The value of a key reaching a child is its parent's unless a write in the parent's body
        // overrides it, there for the whole life of the child's identity, and a body that did not
        // run keeps its write (I10 "Through a parent across renders"). The trees decided it from
        // the links' parent evaluations, which the observations matched above.
        if let key = trees.unrealizableEnvironmentKey {
            return .notRealized(
                "the changes of \\.\(ViewLink.environmentKey(key)) reaching \(names.joined(separator: ", ")) are no tree's: a child's "
                    + "value is its parent's unless a write in the parent's body overrides it (the rows of one ForEach all have "
                    + "its row closure's or none), an override is part of the child's "
                    + "type, so there or not while its identity survives, and a body that did not run keeps its write (an override "
                    + "stays, and without one the child changes exactly when its parent does; the rows of one ForEach have it or not "
                    + "together, their closure's)")
        }
        return .realized(trees, observations)
    }

    /// Why no tree gives a view `link`, or `nil`.
    private static func unrealizable(_ link: ViewLink, rules: InvalidationRules) -> String? {
        guard link.isWellFormed else { return "no Swift view has these values (\(link))" }
        // A child's identity and values are what its parent's body made: a parent whose body did
        // not run hands down the same ones (I9), and a new view's state has not changed (I1;
        // FINDINGS.md 11). Z3's encoding and the checker's domain say so too; this is the defence.
        guard link.isRealizable(under: rules) else {
            return "a parent whose body did not run cannot give its child a new identity or new values, "
                + "and a new view's state cannot have changed (\(link))"
        }
        return nil
    }

    /// Why the trees did something other than `link` says (survival, the parent's evaluation, a
    /// set's state change), or `nil`.
    private static func mismatch(_ link: ViewLink, _ observed: ViewLinkObservation) -> String? {
        guard observed.survives == link.survives, observed.parent.evaluated == link.parentEvaluated else {
            return "the trees give survives \(observed.survives), parent evaluated \(observed.parent.evaluated); "
                + "the path level said \(link.survives), \(link.parentEvaluated)"
        }
        if let set = link.stateSet, observed.stateChange != link.stateChange {
            return "the set (\(set)) gives the state change \(observed.stateChange); the path level said \(link.stateChange)"
        }
        return nil
    }

    /// Why the state a set carries over the trees' renders is not what a set path's links say (the
    /// value held at the set, and no change but the set's), or `nil`.
    private static func mismatch(_ history: [ViewLink], _ carry: StateCarry) -> String? {
        for (transition, link) in history.enumerated() {
            if let set = link.stateSet, carry.values[transition] != set.held {
                return "the state holds \(carry.values[transition]) when it is set at transition \(transition); the path level said \(set.held)"
            }
            if carry.changes[transition] != link.stateChange {
                return "the state carried gives the change \(carry.changes[transition]) at transition \(transition); "
                    + "the path level said \(link.stateChange)"
            }
        }
        return nil
    }

    /// The lemma evaluated on realized links of one transition: holds, or the counterexample.
    static func check(
        _ lemma: InvalidationLemmaSpec, links: [ViewLink], trees: [ViewLinkTrees], observations: [ViewLinkObservation],
        origin: Counterexample.Origin
    ) -> Result {
        guard !InvalidationEvaluator(links: links, observations: observations).holds(lemma.statement) else { return .holds }
        func named(_ index: Int) -> String { lemma.paths.count == 1 ? "" : " (\(lemma.paths[index]))" }
        let renders = trees.indices.flatMap { index in
            [("before" + named(index), trees[index].before), ("after" + named(index), trees[index].after)]
        }
        return .violated(counterexample(
            lemma, histories: links.map { [$0] }, observations: observations.map { [$0] }, trees: renders,
            position: { path, render in 2 * path + render }, label: { _ in ViewLinkTrees.viewLabel },
            objectNumber: { path, index in links[path].objectNumber(index) }, origin: origin))
    }

    /// The lemma evaluated on realized histories: holds, or the counterexample on `trees`.
    static func check(
        _ lemma: InvalidationLemmaSpec, histories: [[ViewLink]], observations: [[ViewLinkObservation]],
        origin: Counterexample.Origin, trees: () -> ViewChainTrees
    ) -> Result {
        guard !InvalidationEvaluator(histories: histories, observations: observations).holds(lemma.statement) else { return .holds }
        let chain = trees()
        return .violated(counterexample(
            lemma, histories: histories, observations: observations, trees: chain.named(renderNames: lemma.renders, names: lemma.paths),
            position: chain.position, label: { lemma.paths[$0] }, objectNumber: { _, index in chain.objectNumber(index) }, origin: origin))
    }

    /// The renders (view trees, `trees`; path `p`'s render `r` is `trees[position(p, r)]`, its view
    /// labelled `label(p)`; the lemma's object `i` in path `p`'s trees is `objectNumber(p, i)`), each
    /// named view's verdict at each transition, and every `body` event with both values as the trace.
    private static func counterexample(
        _ lemma: InvalidationLemmaSpec, histories: [[ViewLink]], observations: [[ViewLinkObservation]],
        trees: [(name: String, tree: ViewNode)], position: (Int, Int) -> Int, label: (Int) -> String,
        objectNumber: (Int, Int) -> Int, origin: Counterexample.Origin
    ) -> Counterexample {
        var trace: [String] = []
        var verdicts: [ViewVerdict] = []
        for (path, history) in observations.enumerated() {
            for (index, observed) in history.enumerated() {
                if lemma.parents[path] == nil { trace.append(observed.parent.explanation) }
                trace.append(observed.view.explanation)
                verdicts.append(ViewVerdict(
                    variable: lemma.paths[path], label: label(path), transition: index + 1,
                    before: position(path, index), after: position(path, index + 1), evaluated: observed.view.evaluated,
                    reason: observed.view.reason.description, rules: observed.view.rules(under: lemma.rules),
                    parentEvaluated: observed.parent.evaluated, survives: observed.survives, difference: observed.failedProperty))
            }
        }
        var paths = zip(lemma.paths, histories).map { name, history in
            "\(name): " + history.map(\.description).joined(separator: "; then ")
        }
        // The trees name the lemma's @Observable properties, environment keys and objects by number.
        let names = lemma.observableProperties.enumerated().map { "\(ViewLink.observedProperty($0.offset)) is \($0.element)" }
            + lemma.environmentKeys.enumerated().map { "\\.\(ViewLink.environmentKey($0.offset)) is \\.\($0.element)" }
            + lemma.paths.indices.flatMap { path in
                lemma.objects.enumerated().map { "model\(objectNumber(path, $0.offset)) of \(lemma.paths[path]) is \($0.element)" }
            }
        if !names.isEmpty { paths.append("names: " + names.joined(separator: ", ")) }
        var example = Counterexample(
            renders: trees.map { ($0.name, RenderPrinter.print($0.tree)) }, trees: [], firstDifference: nil, trace: trace,
            paths: paths, origin: origin,
            failure: FailurePoint(
                render: position(0, lemma.transitions),
                reason: "the lemma's conclusion is false of these views at its \(lemma.transitions == 1 ? "transition" : "\(lemma.transitions) transitions")"))
        example.viewTrees = trees.map(\.tree)
        example.verdicts = verdicts
        example.histories = (histories, observations)
        return example
    }
}
