import Foundation
import IdentityModel
import Invalidation
import LemmaLogic
import ModelChecker

/// The independent route for invalidation lemmas: every view within a small domain (up to
/// `maximumProperties` properties, each one of `propertyPairs`, every flag), built as trees and run
/// through `BodyEvaluator`, the lemma evaluated on what it did. No solver is involved; finding
/// nothing proves nothing.
struct InvalidationBoundedRoute {
    /// The observed views the route reads: its verifier's, shared by the lemmas of a run.
    var domain: ObservedDomain
    /// How far each walk may go: candidates (views or histories) and a backstop (`WalkMeter`).
    var budget = WalkBudget.unlimited
    /// The budget of the walk under way (`run(_:)` makes one per lemma).
    private(set) var meter = WalkMeter(.unlimited)

    /// The most properties an enumerated view has (`links` builds exactly this many at most).
    static let maximumProperties = 2

    /// Old and new values of one property: every kind, equal and unequal values, and a binding that
    /// changes kind.
    static let propertyPairs: [(PropertyValue, PropertyValue)] = [
        (.plain(0), .plain(0)), (.plain(0), .plain(1)), (.text("s0"), .text("s0")), (.text("s0"), .text("s1")),
        (.closure(capturesContext: false), .closure(capturesContext: false)),
        (.closure(capturesContext: true), .closure(capturesContext: true)),
        (.closure(capturesContext: false), .closure(capturesContext: true)),
        (.manualBinding(value: 0), .manualBinding(value: 0)), (.manualBinding(value: 0), .manualBinding(value: 1)),
        (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 0)),
        (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 1)),
        (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 2, value: 0)),
        (.keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "a", value: 0)),
        (.keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "b", value: 0)),
        (.keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "a", value: 1)),
        (.reference(object: 1), .reference(object: 1)), (.reference(object: 1), .reference(object: 2)),
        (.observed(object: 1), .observed(object: 1)), (.observed(object: 1), .observed(object: 2)),
        (.equatableReference(object: 1, value: 0), .equatableReference(object: 1, value: 0)),
        (.equatableReference(object: 1, value: 0), .equatableReference(object: 2, value: 0)),
        (.equatableReference(object: 1, value: 0), .equatableReference(object: 2, value: 1)),
        (podStructure(0, key: 0), podStructure(0, key: 0)), (podStructure(0, key: 0), podStructure(1, key: 0)),
        (structure(0, key: 0), structure(0, key: 0)), (structure(0, key: 0), structure(1, key: 0)),
        (structure(0, key: 0), structure(1, key: 1)),
        (.manualBinding(value: 0), .projectedBinding(location: 1, value: 0)),
        (.projectedBinding(location: 1, value: 0), .manualBinding(value: 0)),
    ]

    /// A POD struct value as the lemma route decodes one (`InvalidationQuery`): its `==` (ignored
    /// but by a mutant) reads `key`.
    private static func podStructure(_ bits: Int, key: Int) -> PropertyValue {
        .structure(StructureValue("S", [StoredProperty("bits", .plain(bits)), StoredProperty("key", .plain(key))], reads: ["key"]))
    }

    /// A non-POD struct value as the lemma route decodes one: its `==` reads `key`.
    private static func structure(_ bits: Int, key: Int) -> PropertyValue {
        .structure(StructureValue("S", [StoredProperty("bits", .text("s\(bits)")), StoredProperty("key", .plain(key))], reads: ["key"]))
    }

    /// The pairs a second property takes: one equal and one different plain value, a closure with
    /// context, a manual binding, a located binding unchanged, another object. Every pair for the
    /// second as well would be 61,000 views, too slow for a check run for each lemma under each mutant.
    static let secondPropertyPairs: [(PropertyValue, PropertyValue)] = [
        (.plain(0), .plain(0)), (.plain(0), .plain(1)), (.closure(capturesContext: true), .closure(capturesContext: true)),
        (.manualBinding(value: 0), .manualBinding(value: 0)),
        (.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 0)),
        (.reference(object: 1), .reference(object: 2)),
    ]

    /// What the domain holds, in words, for reports.
    static let domain = "views of 0 to \(maximumProperties) properties (\(propertyPairs.count) old/new pairs for the first, "
        + "\(secondPropertyPairs.count) for the second), every flag, an unnamed @Environment on a POD view"

    struct Result: Sendable {
        typealias Answer = BoundedResult.Answer

        var answer: Answer
        var cases: Int
        /// What the domain holds, in words.
        var domain = InvalidationBoundedRoute.domain
        /// Views whose trees did not realize them (under identity rules where `.id(k)` changes
        /// nothing, say): not checked.
        var unrealized = 0
        /// Views left out before their trees were built, their links falsifying an assumption
        /// (`LinkAssumptions`): the lemma holds on them whatever the trees do.
        var excluded = 0
    }

    /// A view with `@State`: none changed, the read one, the read one and an unread one (a view may
    /// declare several), an unread one.
    static let stateChanges: [(StateChange, Bool)] = [(.none, false), (.changedRead, false), (.changedRead, true), (.changedUnread, false)]

    /// Every well-formed link of the domain, realizable or not (`ObservedDomain` keeps the former).
    /// A view declaring an unnamed environment is enumerated only where that makes it non-POD
    /// (without `@State`, every property POD): no write changes its key, so POD-ness is all the
    /// declaration decides but under `environmentComparedWhole`, which Z3's route covers alone.
    static let links: [ViewLink] = {
        let one = propertyPairs.map { [$0] }
        let properties: [[(PropertyValue, PropertyValue)]] = [[]] + one + one.flatMap { first in secondPropertyPairs.map { first + [$0] } }
        var result: [ViewLink] = []
        for pairs in properties {
            for equality in ViewEquality.allCases {
                for equatable in equality == .notEquatable ? [false] : [false, true] {
                    for hasState in [false, true] {
                        let unnamed = hasState || !pairs.allSatisfy(\.1.kind.isPOD) ? [false] : [false, true]
                        for ((stateChange, alsoUnread), declaresUnnamed) in Self.product(
                            hasState ? Self.stateChanges : [(StateChange.none, false)], unnamed)
                        {
                            for initialChanged in hasState ? [false, true] : [false] {
                                for signalled in [false, true] {
                                    for survives in [false, true] {
                                        for parentEvaluated in [false, true] {
                                            result.append(ViewLink(
                                                survives: survives, parentEvaluated: parentEvaluated, old: pairs.map(\.0),
                                                new: pairs.map(\.1), equality: equality, equatable: equatable, hasState: hasState,
                                                stateChange: stateChange, unreadStateAlsoChanged: alsoUnread, signalled: signalled,
                                                initialChanged: initialChanged, declaresUnnamedEnvironment: declaresUnnamed))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }()

    private static func product<A, B>(_ first: [A], _ second: [B]) -> [(A, B)] {
        first.flatMap { a in second.map { (a, $0) } }
    }

    /// What decides the observed views `run(_:)` reads: lemmas with equal keys read the same ones.
    struct DomainKey: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
        /// `nil` for one view over one transition (`ObservedDomain.observations`).
        var chain: InvalidationChainDomain.Shape?
        var transitions: Int
        /// With `mutate` (a chain only): the canonical paths set and the transitions of their sets.
        var sets: [Int: Int] = [:]
    }

    /// The key of the views `run(lemma)` reads, or `nil` when it reads none (the lemma is not enumerated).
    static func domainKey(of lemma: InvalidationLemmaSpec) -> DomainKey? {
        // A binding's flag is enumerated per lemma (`runBindings`), over two renders only.
        guard lemma.bindingPairs.isEmpty else { return nil }
        if !lemma.mutated.isEmpty {
            // One view's set over two renders is enumerated per lemma (`runSets`).
            guard setsEnumerable(lemma), !(lemma.isSingleTransitionOfUnrelatedViews && lemma.paths.count == 1),
                let (shape, order) = InvalidationChainDomain.shape(of: lemma)
            else { return nil }
            return DomainKey(
                rules: lemma.rules, identityRules: lemma.identityRules, chain: shape, transitions: lemma.transitions,
                sets: canonicalSets(lemma, order: order))
        }
        if lemma.isSingleTransitionOfUnrelatedViews {
            guard lemma.paths.count == 1 else { return nil }
            return DomainKey(rules: lemma.rules, identityRules: lemma.identityRules, chain: nil, transitions: 1)
        }
        // Tracking over several renders is enumerated per lemma (`runTracking`); a state object over
        // several renders, and an environment key or object through a parent, is not enumerated (Z3 alone).
        guard lemma.observableProperties.isEmpty, lemma.environmentKeys.isEmpty, lemma.objects.isEmpty, !lemma.namesStateObject,
            let (shape, _) = InvalidationChainDomain.shape(of: lemma)
        else { return nil }
        return DomainKey(rules: lemma.rules, identityRules: lemma.identityRules, chain: shape, transitions: lemma.transitions)
    }

    /// Observes the views `run(lemma)` reads, if no lemma had them observed before.
    func observe(for lemma: InvalidationLemmaSpec) {
        guard let key = Self.domainKey(of: lemma) else { return }
        if let shape = key.chain {
            _ = domain.chainObservations(
                shape, transitions: key.transitions, sets: key.sets, rules: key.rules, identityRules: key.identityRules)
        } else {
            for chunk in 0..<ObservedDomain.chunks { _ = domain.observations(rules: key.rules, identityRules: key.identityRules, chunk: chunk) }
        }
    }

    /// Checks `lemma` on every candidate of its domain, within `budget`.
    func run(_ lemma: InvalidationLemmaSpec) -> Result {
        var route = self
        route.meter = WalkMeter(budget)
        return route.walk(lemma)
    }

    private func walk(_ lemma: InvalidationLemmaSpec) -> Result {
        guard lemma.mutated.isEmpty else { return runSets(lemma) }
        guard lemma.bindingPairs.isEmpty else { return runBindings(lemma) }
        guard lemma.observableProperties.isEmpty, lemma.environmentKeys.isEmpty, lemma.objects.isEmpty, !lemma.namesStateObject else {
            return runDependencies(lemma)
        }
        guard lemma.isSingleTransitionOfUnrelatedViews else { return runChains(lemma) }
        guard lemma.paths.count == 1 else {
            return Result(answer: .inapplicable("invalidation lemmas over more than one unrelated view are not enumerated"), cases: 0)
        }
        var cases = 0
        var unrealized = 0
        // The statement is made once: the domain is tens of thousands of views.
        let statement = lemma.statement
        // Chunk by chunk, each observed once per run: a refuted lemma observes no chunk after its counterexample's.
        for chunk in 0..<ObservedDomain.chunks {
            let observed = domain.observations(rules: lemma.rules, identityRules: lemma.identityRules, chunk: chunk)
            let realized = observed.realized
            // Read in place: a copy of each view (its trees included) cost more than its evaluation.
            for index in realized.indices {
                if let stop = meter.next() { return Result(answer: .exhausted(stop), cases: cases, unrealized: unrealized) }
                cases += 1
                guard !InvalidationEvaluator(histories: realized[index].histories, observations: realized[index].observations)
                    .holds(statement)
                else { continue }
                let view = realized[index]
                if case .violated(let counterexample) = InvalidationReplay.check(
                    lemma, links: view.histories.map { $0[0] }, trees: [view.trees], observations: view.observations.map { $0[0] },
                    origin: .checker)
                {
                    return Result(answer: .refuted(counterexample), cases: cases, unrealized: unrealized + view.unrealizedBefore)
                }
            }
            unrealized += observed.unrealized
        }
        return Result(answer: .holds, cases: cases, unrealized: unrealized)
    }

    /// The most `@Observable` properties, environment keys and objects together a lemma enumerated
    /// with the dependency atoms may name.
    static let maximumDependencyAtoms = 2

    /// The most cases `runDependencies` runs for two views; beyond it the lemma is Z3's alone.
    static let maximumPairCases = 60_000

    /// What `runDependencies` enumerates, in words.
    static let dependencyDomain = "one view of 0 or 1 property (\(secondPropertyPairs.count) old/new pairs), every flag, "
        + "or two views of no property (\(pairBases.count) links each: every survival, parent, @State change and signal), "
        + "with every tracking and change of the lemma's @Observable properties, every declaration and change of its "
        + "environment keys, every observation and send of its objects and every state object (at most "
        + "\(maximumDependencyAtoms) names, a state object one)"

    /// The links of each view of a pair: no property, no `==`, every survival and parent evaluation
    /// a tree can give, with or without `@State` (unchanged or a read change) and a signal.
    static let pairBases: [ViewLink] = [false, true].flatMap { survives in
        [false, true].flatMap { parentEvaluated in
            [(false, StateChange.none), (true, .none), (true, .changedRead)].flatMap { hasState, change in
                [false, true].map { signalled in
                    ViewLink(
                        survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], hasState: hasState,
                        stateChange: change, signalled: signalled)
                }
            }
        }
    }

    /// A lemma naming `@Observable` properties (`readsProperty`, `propertyChanged`), environment
    /// keys (`declaresKey`, `environmentChanged`) or objects (`observesObject`, `findsObject`,
    /// `objectSent`), over one view or two unrelated ones: every link of a smaller domain (one view:
    /// at most one property, of `secondPropertyPairs`; two: `pairBases`) with every assignment of
    /// the atoms, the objects' changes and sends shared by both views, kept when a tree can give
    /// it and, over one view, when its link falsifies no assumption that reads links alone
    /// (`LinkAssumptions`: on the others the lemma holds whatever the trees do), built as trees (the
    /// observation derived by `ObservedProperty.changes`, as in scenarios; the environment as the
    /// values reaching the view; the objects held and sent) and run through `BodyEvaluator`.
    private func runDependencies(_ lemma: InvalidationLemmaSpec) -> Result {
        let shape = DependencyShape(lemma)
        if !lemma.isSingleTransitionOfUnrelatedViews, shape.keys == 0, shape.objects == 0, !shape.stateObject { return runTracking(lemma) }
        if !lemma.isSingleTransitionOfUnrelatedViews, lemma.parents.allSatisfy({ $0 == nil }), shape.properties > 0, !shape.stateObject {
            return runDependencyTracking(lemma)
        }
        if !lemma.isSingleTransitionOfUnrelatedViews, lemma.parents.allSatisfy({ $0 == nil }), !shape.stateObject {
            return runDependencyChains(lemma)
        }
        if lemma.parents.contains(where: { $0 != nil }) {
            if lemma.transitions > 1, shape.stateObject { return runParentStateObjectChains(lemma) }
            if lemma.transitions > 1, shape.properties > 0 { return runParentDependencyTracking(lemma) }
            return lemma.transitions == 1 ? runParentDependencies(lemma) : runParentDependencyChains(lemma)
        }
        if !lemma.isSingleTransitionOfUnrelatedViews, shape.stateObject {
            return Tally.inapplicable(
                "a state object over several renders of views not declared childOf is Z3's alone: the checker enumerates one "
                    + "through a parent, without another dependency atom", domain: Self.dependencyDomain)
        }
        guard lemma.isSingleTransitionOfUnrelatedViews, (1...2).contains(shape.views), shape.names <= Self.maximumDependencyAtoms else {
            return Tally.inapplicable(
                "lemmas naming @Observable properties, environment keys or objects are enumerated over one or two unrelated "
                    + "views and at most \(Self.maximumDependencyAtoms) names",
                domain: Self.dependencyDomain)
        }
        guard shape.views == 1 || shape.total <= Self.maximumPairCases else {
            return Tally.inapplicable("\(shape.total) pairs of views exceed the \(Self.maximumPairCases) the checker runs for two views", domain: Self.dependencyDomain)
        }
        let shared = shape.sharedAssignments
        let assumptions = LinkAssumptions(lemma)
        let statement = lemma.statement
        var tally = Tally(domain: Self.dependencyDomain)
        typealias Observed = (link: ViewLink, trees: ViewLinkTrees, observation: ViewLinkObservation)
        func observe(_ link: ViewLink, cut: Bool = false) -> Observed? {
            // The replay refuses these too, after writing out why: most assignments are refused here.
            guard link.isWellFormed, link.isRealizable(under: lemma.rules) else {
                tally.unrealized += 1
                return nil
            }
            if cut, assumptions.exclude([link]) {
                tally.excluded += 1
                return nil
            }
            guard case .realized(let trees, let observation) = InvalidationReplay.observe(
                link, rules: lemma.rules, identityRules: lemma.identityRules)
            else {
                tally.unrealized += 1
                return nil
            }
            return (link, trees, observation)
        }
        func counterexample(_ views: [Observed]) -> Counterexample? {
            let links = views.map(\.link)
            let observations = views.map(\.observation)
            return Self.judge(statement, histories: links.map { [$0] }, observations: observations.map { [$0] }, cases: &tally.cases) {
                InvalidationReplay.check(lemma, links: links, trees: views.map(\.trees), observations: observations, origin: .checker)
            }
        }
        if shape.views == 1 {
            // `shape.perView`'s order, tens of thousands of links, not kept. Most of them falsify an
            // assumption on their links: their trees are not built.
            let own = shape.ownAssignments
            for base in shape.bases {
                for assign in own {
                    let candidate = assign(base)
                    for share in shared {
                        if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                        guard let view = observe(share(candidate), cut: true) else { continue }
                        if let found = counterexample([view]) { return tally.result(.refuted(found)) }
                    }
                }
            }
        } else {
            let perView = shape.perView
            for share in shared {
                // Each view's trees once per shared assignment, then every pair of them.
                let observed = perView.compactMap { observe(share($0)) }
                for first in observed {
                    for second in observed {
                        if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                        if let found = counterexample([first, second]) { return tally.result(.refuted(found)) }
                    }
                }
            }
        }
        return tally.result(.holds)
    }

    /// What `runTracking` enumerates, in words.
    static let trackingDomain = "one view over 2 or 3 renders, of no property or a plain value changed at the first or at "
        + "every transition, every survival and parent evaluation a tree can give at each, with every tracking of "
        + "the lemma's @Observable properties (at most \(maximumDependencyAtoms)) before the first transition and every set "
        + "its body reads and every change at each transition; each later tracking the registrar's from what the trees did"

    /// A lemma naming only `@Observable` properties over several renders: every history of one view
    /// in `trackingDomain`, its tracking after the first transition derived on the trees
    /// (`ViewChainTrees.carrying`, as the scenario runner keeps it), left out when its links
    /// then falsify an assumption that reads links alone (`LinkAssumptions`), else run through `BodyEvaluator`.
    private func runTracking(_ lemma: InvalidationLemmaSpec) -> Result {
        if lemma.parents.contains(where: { $0 != nil }) {
            // Two rows over two renders: no tracking to carry, so the walk of every dependency atom through a parent.
            return InvalidationChainDomain.shape(of: lemma)?.0 == .parentAndRows ? runParentDependencies(lemma) : runParentTracking(lemma)
        }
        let properties = lemma.observableProperties.count
        let transitions = lemma.transitions
        guard lemma.parents == [nil], transitions <= InvalidationChainDomain.maximumTransitions,
            properties <= Self.maximumDependencyAtoms
        else {
            return Tally.inapplicable(
                "lemmas naming @Observable properties over several renders are enumerated for one view over at most "
                    + "\(InvalidationChainDomain.maximumTransitions + 1) renders and \(Self.maximumDependencyAtoms) properties",
                domain: Self.trackingDomain)
        }
        let subsets = Self.subsets(properties)
        func sequences<T>(_ choices: (Int) -> [T]) -> [[T]] { Self.sequences(transitions, choices) }
        let statement = lemma.statement
        let assumptions = LinkAssumptions(lemma)
        var tally = Tally(domain: Self.trackingDomain)
        for values in Self.plainValueHistories(transitions) {
            for steps in sequences({ Self.steps(values, at: $0) }) {
                for initial in subsets {
                    for reads in sequences({ _ in subsets }) {
                        for changes in sequences({ _ in subsets }) {
                            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                            let history = Self.trackingHistory(values: values, steps: steps, initial: initial, reads: reads, changes: changes)
                            guard history[0].isRealizable(under: lemma.rules) else {
                                tally.unrealized += 1
                                continue
                            }
                            // Most histories falsify an assumption on their links alone: their trees are not observed.
                            if let counterexample = Self.judgeCarryingTracking(
                                [history], of: lemma, statement: statement, assumptions: assumptions, tally: &tally)
                            {
                                return tally.result(.refuted(counterexample))
                            }
                        }
                    }
                }
            }
        }
        return tally.result(.holds)
    }

    /// One candidate of the checker: counted in `cases`, the lemma evaluated on what its trees did
    /// and, where it is false there, replayed (`replay`) for the counterexample.
    private static func judge(
        _ statement: InvalidationFormula, histories: [[ViewLink]], observations: [[ViewLinkObservation]], cases: inout Int,
        replay: () -> InvalidationReplay.Result
    ) -> Counterexample? {
        cases += 1
        guard !InvalidationEvaluator(histories: histories, observations: observations).holds(statement),
            case .violated(let counterexample) = replay()
        else { return nil }
        return counterexample
    }

    /// `judge` on the trees of `histories` under `lemma`'s structure (`ViewChainTrees`), counted in
    /// `tally` (unrealized when the trees do not realize them).
    static func judge(
        _ histories: [[ViewLink]], of lemma: InvalidationLemmaSpec, statement: InvalidationFormula, tally: inout Tally
    ) -> Counterexample? {
        judge(
            histories,
            observed: InvalidationReplay.observe(
                histories, parents: lemma.parents, names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules,
                bindings: lemma.bindingPairs),
            of: lemma, statement: statement, tally: &tally)
    }

    /// `judge` on histories whose tracking the walk carried, on the trees it carried them on (the
    /// carry's observations reused); a counterexample is shown from a replay that carries and
    /// observes them afresh (`judge(_:of:statement:tally:)`'s).
    static func judge(
        _ carried: CarriedHistories, of lemma: InvalidationLemmaSpec, statement: InvalidationFormula, tally: inout Tally
    ) -> Counterexample? {
        let observed = InvalidationReplay.observe(
            carried, parents: lemma.parents, names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules,
            bindings: lemma.bindingPairs)
        guard case .realized(_, let observations) = observed else {
            tally.unrealized += 1
            return nil
        }
        let histories = carried.histories
        return judge(statement, histories: histories, observations: observations, cases: &tally.cases) {
            guard case .realized(let trees, let replayed) = InvalidationReplay.observe(
                histories, parents: lemma.parents, names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules,
                bindings: lemma.bindingPairs)
            else { return .notRealized("the replay of a candidate the checker realized did not realize it") }
            return InvalidationReplay.check(lemma, histories: histories, observations: replayed, origin: .checker, trees: { trees })
        }
    }

    /// `judge` on `histories` whose links are final (no tracking is carried): left out, and
    /// counted so, when a history is one no tree gives (`realizable`) or the links falsify an
    /// assumption that reads links alone (`LinkAssumptions`), which holds the lemma vacuously.
    static func judgeFinalLinks(
        _ histories: [[ViewLink]], of lemma: InvalidationLemmaSpec, statement: InvalidationFormula, assumptions: LinkAssumptions,
        tally: inout Tally
    ) -> Counterexample? {
        guard histories.allSatisfy({ realizable($0, under: lemma.rules) }) else {
            tally.unrealized += 1
            return nil
        }
        if assumptions.exclude(histories: histories) {
            tally.excluded += 1
            return nil
        }
        return judge(histories, of: lemma, statement: statement, tally: &tally)
    }

    /// `judge` on what the trees of `histories` did (`observed`).
    private static func judge(
        _ histories: [[ViewLink]], observed: InvalidationReplay.ChainObservation, of lemma: InvalidationLemmaSpec,
        statement: InvalidationFormula, tally: inout Tally
    ) -> Counterexample? {
        guard case .realized(let trees, let observations) = observed else {
            tally.unrealized += 1
            return nil
        }
        return judge(statement, histories: histories, observations: observations, cases: &tally.cases) {
            InvalidationReplay.check(lemma, histories: histories, observations: observations, origin: .checker, trees: { trees })
        }
    }

    static func subsets(_ count: Int) -> [Set<Int>] {
        (0..<(1 << count)).map { mask in Set((0..<count).filter { mask & (1 << $0) != 0 }) }
    }

    /// Every assignment of one view's own atoms: what its tracking holds (and its body reads), the keys it declares and
    /// whose value changed, the objects it observes and finds, its state object.
    static func ownAssignments(properties: Int, reads: Bool, keys: Int, objects: Int, stateObject: Bool) -> [(ViewLink) -> ViewLink] {
        var result: [(ViewLink) -> ViewLink] = [{ $0 }]
        func extend(_ count: Int, _ set: @escaping (inout ViewLink, Set<Int>) -> Void) {
            result = result.flatMap { earlier in
                subsets(count).map { subset in { link in
                    var link = earlier(link)
                    set(&link, subset)
                    return link
                } }
            }
        }
        extend(properties) { $0.tracked = $1 }
        // What the body reads at the later render, only for a lemma that names it (it decides nothing there).
        if reads { extend(properties) { $0.reads = $1 } }
        extend(keys) { $0.declaredKeys = $1 }
        extend(keys) { $0.keyChanges = $1 }
        extend(objects) { $0.observedObjects = $1 }
        extend(objects) { $0.foundObjects = $1 }
        if stateObject {
            // No state object, or one with every initialiser and kept object (`isRealizable` keeps I12's).
            let variants = [(false, false, false)] + [false, true].flatMap { changed in [false, true].map { (true, changed, $0) } }
            result = result.flatMap { earlier in
                variants.map { holds, changed, kept in { link in
                    var link = earlier(link)
                    link.holdsStateObject = holds
                    link.initialiserChanged = changed
                    link.keepsStateObject = kept
                    return link
                } }
            }
        }
        return result
    }

    /// Every assignment of what every view of a transition sees alike: the `@Observable` object's
    /// changes and the objects' sends.
    static func sharedAssignments(properties: Int, objects: Int) -> [(ViewLink) -> ViewLink] {
        subsets(properties).flatMap { changes in
            subsets(objects).map { sent in { link in
                var link = link
                link.propertyChanges = changes
                link.objectsSent = sent
                return link
            } }
        }
    }

    /// What `runBindings` enumerates, in words.
    static let bindingDomain = "a parent with or without @State (every state change, survival and parent) and its child "
        + "over two renders, the child holding nothing, a binding to the parent's state (projected or key-path), one to "
        + "another state, or a changed plain value, with two kinds of ==, every own change, survival and parent; each "
        + "with every observation of the lemma's objects and every state object (at most \(maximumDependencyAtoms) names), "
        + "every send shared"

    /// A lemma naming `holdsBindingOf` over a parent and its child (`childOf`) and two renders:
    /// every parent link with its state at location 1 and every child link from a small domain,
    /// each with every assignment of the lemma's objects and state object (`DependencyShape`), the
    /// sends shared, left out when its links falsify an assumption that reads links alone
    /// (`LinkAssumptions`), else built as trees where a binding the child held to the parent's state
    /// sets its read flag and the objects are numbered alike in both views (`ViewChainTrees`), kept
    /// when the trees realize both links (the child's parent evaluation included), and run through
    /// `BodyEvaluator`. Over more renders the flag carried from render to render is Z3's alone on
    /// the checker's side, and the verdict says so.
    private func runBindings(_ lemma: InvalidationLemmaSpec) -> Result {
        guard lemma.transitions == 1 else {
            return Tally.inapplicable(
                "the sticky flag of holdsBindingOf over \(lemma.transitions + 1) renders is Z3's alone: the checker enumerates "
                    + "a parent and its child over two renders", domain: Self.bindingDomain)
        }
        let shape = DependencyShape(lemma)
        guard lemma.observableProperties.isEmpty, lemma.environmentKeys.isEmpty, shape.names <= Self.maximumDependencyAtoms,
            let (chain, order) = InvalidationChainDomain.shape(of: lemma), chain == .parentAndChild
        else {
            return Tally.inapplicable(
                "lemmas naming holdsBindingOf are enumerated over a parent and its child and two renders, beside at most "
                    + "\(Self.maximumDependencyAtoms) objects or a state object", domain: Self.bindingDomain)
        }
        var owners: [ViewLink] = []
        for hasState in [false, true] {
            for stateChange in hasState ? [StateChange.none, .changedRead, .changedUnread] : [.none] {
                for survives in [false, true] {
                    for parentEvaluated in [false, true] {
                        owners.append(ViewLink(
                            survives: survives, parentEvaluated: parentEvaluated, old: [], new: [], hasState: hasState,
                            stateChange: stateChange, stateLocation: 1))
                    }
                }
            }
        }
        let childValues: [[(PropertyValue, PropertyValue)]] = [
            [], [(.projectedBinding(location: 1, value: 0), .projectedBinding(location: 1, value: 0))],
            [(.keyPathBinding(location: 1, keyPath: "a", value: 0), .keyPathBinding(location: 1, keyPath: "a", value: 0))],
            [(.projectedBinding(location: 2, value: 0), .projectedBinding(location: 2, value: 0))], [(.plain(0), .plain(1))],
        ]
        var children: [ViewLink] = []
        for values in childValues {
            for (equality, equatable) in InvalidationChainDomain.childTypes {
                for change in InvalidationChainDomain.childOwnChanges {
                    for survives in [false, true] {
                        for parentEvaluated in [false, true] {
                            children.append(ViewLink(
                                survives: survives, parentEvaluated: parentEvaluated, old: values.map(\.0), new: values.map(\.1),
                                equality: equality, equatable: equatable, hasState: change.state != .none || change.initialChanged,
                                stateChange: change.state, signalled: change.signalled, initialChanged: change.initialChanged))
                        }
                    }
                }
            }
        }
        let own = shape.ownAssignments
        let assumptions = LinkAssumptions(lemma)
        let statement = lemma.statement
        var tally = Tally(domain: Self.bindingDomain)
        for share in shape.sharedAssignments {
            for base in owners {
                for assignOwner in own {
                    let owner = share(assignOwner(base))
                    for child in children where owner.survives || !child.survives {
                        for assignChild in own {
                            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                            var histories: [[ViewLink]] = [[], []]
                            histories[order[0]] = [owner]
                            histories[order[1]] = [share(assignChild(child))]
                            if let counterexample = Self.judgeFinalLinks(
                                histories, of: lemma, statement: statement, assumptions: assumptions, tally: &tally)
                            {
                                return tally.result(.refuted(counterexample))
                            }
                        }
                    }
                }
            }
        }
        return tally.result(.holds)
    }

    /// What `runSets` enumerates, in words.
    static let setDomain = "views with @State of 0 or 1 property (\(secondPropertyPairs.count) old/new pairs), every flag, "
        + "the state set to the value it holds or another, read or not"

    /// A lemma with `mutate p after r` over one view and two renders: every link of a smaller
    /// domain (at most one property, of `secondPropertyPairs`) with `@State`, set to the value it
    /// holds or to another, read or not, kept when a tree can give it (its state change is the set's,
    /// `ViewLink.isRealizable`), built as trees whose set is applied as a scenario's (`ViewLinkTrees`)
    /// and run through `BodyEvaluator`. Over more renders, or a parent and its child, the chain
    /// domain with the lemma's sets (`runChains`).
    private func runSets(_ lemma: InvalidationLemmaSpec) -> Result {
        guard Self.setsEnumerable(lemma) else {
            return Tally.inapplicable("lemmas with 'mutate' are not enumerated with dependency or binding atoms", domain: Self.setDomain)
        }
        guard lemma.isSingleTransitionOfUnrelatedViews, lemma.paths.count == 1 else { return runChains(lemma) }
        let statement = lemma.statement
        var tally = Tally(domain: Self.setDomain)
        for base in Self.links where base.hasState && base.new.count <= 1 && (base.new.isEmpty || Self.isSecondPropertyPair(base)) {
            for values in InvalidationChainDomain.stateSets {
                for read in [true, false] {
                    if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                    var link = base
                    link.stateSet = StateSet(held: values.held, set: values.set, read: read)
                    guard link.isRealizable(under: lemma.rules) else { continue }
                    guard case .realized(let trees, let observed) = InvalidationReplay.observe(
                        link, rules: lemma.rules, identityRules: lemma.identityRules)
                    else {
                        tally.unrealized += 1
                        continue
                    }
                    tally.cases += 1
                    guard !InvalidationEvaluator(links: [link], observations: [observed]).holds(statement) else { continue }
                    if case .violated(let counterexample) = InvalidationReplay.check(
                        lemma, links: [link], trees: [trees], observations: [observed], origin: .checker)
                    {
                        return tally.result(.refuted(counterexample))
                    }
                }
            }
        }
        return tally.result(.holds)
    }

    /// Whether the checker enumerates `lemma`'s sets: not beside the dependency or binding atoms.
    private static func setsEnumerable(_ lemma: InvalidationLemmaSpec) -> Bool {
        lemma.observableProperties.isEmpty && lemma.environmentKeys.isEmpty && lemma.objects.isEmpty && !lemma.namesStateObject
            && lemma.bindingPairs.isEmpty
    }

    /// The lemma's sets by canonical path: canonical path i is the lemma's path `order[i]`.
    private static func canonicalSets(_ lemma: InvalidationLemmaSpec, order: [Int]) -> [Int: Int] {
        var sets: [Int: Int] = [:]
        for (position, path) in order.enumerated() { sets[position] = lemma.mutated[path] }
        return sets
    }

    static func isSecondPropertyPair(_ link: ViewLink) -> Bool {
        secondPropertyPairs.contains { $0.0 == link.old[0] && $0.1 == link.new[0] }
    }

    /// The lemma on `InvalidationChainDomain`'s histories: several renders, or a parent and its child.
    private func runChains(_ lemma: InvalidationLemmaSpec) -> Result {
        guard let (shape, order) = InvalidationChainDomain.shape(of: lemma) else {
            return Result(
                answer: .inapplicable(
                    "only one view, or a parent and its child, over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, "
                        + "or a parent and two rows of its ForEach over \(InvalidationChainDomain.maximumRowsTransitions + 1) are enumerated"),
                cases: 0)
        }
        let statement = lemma.statement
        let description = lemma.mutated.isEmpty
            ? InvalidationChainDomain.description(shape, transitions: lemma.transitions)
            : InvalidationChainDomain.setDescription(shape, transitions: lemma.transitions, sets: lemma.mutated.count)
        let observed = domain.chainObservations(
            shape, transitions: lemma.transitions, sets: Self.canonicalSets(lemma, order: order), rules: lemma.rules,
            identityRules: lemma.identityRules)
        var cases = 0
        for (canonical, canonicalObservations) in observed.realized {
            if let stop = meter.next() { return Result(answer: .exhausted(stop), cases: cases, domain: description, unrealized: observed.unrealized) }
            cases += 1
            // `order[i]` is the lemma's path of canonical path i.
            var histories = canonical
            var observations = canonicalObservations
            for (position, path) in order.enumerated() {
                histories[path] = canonical[position]
                observations[path] = canonicalObservations[position]
            }
            guard !InvalidationEvaluator(histories: histories, observations: observations).holds(statement) else { continue }
            if case .violated(let counterexample) = InvalidationReplay.check(
                lemma, histories: histories, observations: observations, origin: .checker,
                trees: {
                    ViewChainTrees(
                        histories: histories, parents: lemma.parents, names: lemma.paths, bindings: lemma.bindingPairs, rules: lemma.rules)
                })
            {
                return Result(answer: .refuted(counterexample), cases: cases, domain: description, unrealized: observed.unrealized)
            }
        }
        return Result(answer: .holds, cases: cases, domain: description, unrealized: observed.unrealized)
    }
}
