import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// The most `@Observable` properties `runParentTracking` enumerates over two renders, and over three.
    static let maximumParentTrackingProperties = (twoRenders: 2, threeRenders: 1)

    /// What `runParentTracking` enumerates, in words.
    static let parentTrackingDomain = "a parent view (no property or a plain value changed at the first or at every transition, every "
        + "survival and parent evaluation a tree can give) and its child (no property, or a plain value changed whenever "
        + "its parent ran; every survival a tree can give) over 2 or 3 renders, with every tracking of the lemma's "
        + "@Observable properties (at most \(maximumParentTrackingProperties.twoRenders) over 2 renders, "
        + "\(maximumParentTrackingProperties.threeRenders) over 3) of each before the first transition, every set each "
        + "body reads at each transition (at the last only when the lemma names bodyReads) and every change; each later "
        + "tracking the registrar's from what the trees did, the child's parent evaluation the parent's verdict on the trees"
        + rowPlacementDomain

    /// A lemma naming `@Observable` properties over a parent and its child (`childOf`) or row (`rowOf`,
    /// `placements`): every history
    /// of `parentTrackingDomain`, the parent's built and run alone first so that its child's parent
    /// evaluation is what the trees made of the parent, each tracking after the first transition
    /// derived on the trees (`ViewChainTrees.carrying`), and the pair run through `BodyEvaluator`.
    func runParentTracking(_ lemma: InvalidationLemmaSpec) -> Result {
        let properties = lemma.observableProperties.count
        let transitions = lemma.transitions
        let limit = transitions == 1 ? Self.maximumParentTrackingProperties.twoRenders : Self.maximumParentTrackingProperties.threeRenders
        guard let (shape, order) = InvalidationChainDomain.shape(of: lemma), shape.hasOneChild, properties <= limit else {
            return Tally.inapplicable(
                "lemmas naming @Observable properties through a parent are enumerated for a parent and its child or row over "
                    + "2 renders and \(Self.maximumParentTrackingProperties.twoRenders) properties or 3 renders and "
                    + "\(Self.maximumParentTrackingProperties.threeRenders)",
                domain: Self.parentTrackingDomain)
        }
        let subsets = Self.subsets(properties)
        // What a body reads at the last transition decides nothing but `bodyReads` itself (no tracking follows).
        let lastReads = lemma.namesBodyReads ? subsets : [[]]
        let readChoices = { (transition: Int) in transition == transitions - 1 ? lastReads : subsets }
        func sequences<T>(_ choices: (Int) -> [T]) -> [[T]] { Self.sequences(transitions, choices) }
        let statement = lemma.statement
        let rules = lemma.rules
        let identityRules = lemma.identityRules
        let assumptions = LinkAssumptions(lemma)
        var tally = Tally(domain: Self.parentTrackingDomain)
        for changes in sequences({ _ in subsets }) {
            // No property, or a plain value changed at the first transition only or at every one.
            for values in Self.parentTrackingValues(transitions) {
                for steps in sequences({ Self.steps(values, at: $0) }) {
                    for initial in subsets {
                        for reads in sequences(readChoices) {
                            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                            let parent = Self.trackingHistory(values: values, steps: steps, initial: initial, reads: reads, changes: changes)
                            guard parent[0].isRealizable(under: rules) else {
                                tally.unrealized += 1
                                continue
                            }
                            // The parent alone: what its body did at each transition is its child's parent evaluation.
                            let alone = ViewChainTrees.carrying(
                                [parent], parents: [nil], names: ["p"], rules: rules, identityRules: identityRules)
                            guard case .realized(_, let observed) = InvalidationReplay.observe(
                                alone, parents: [nil], names: ["p"], rules: rules, identityRules: identityRules)
                            else {
                                tally.unrealized += 1
                                continue
                            }
                            let ran = observed[0].map(\.view.evaluated)
                            if let found = runChildren(
                                of: parent, ran: ran, lemma: lemma, order: order, subsets: subsets, readChoices: readChoices,
                                statement: statement, assumptions: assumptions, tally: &tally)
                            {
                                return tally.result(.refuted(found))
                            }
                            if let stop = meter.stop { return tally.result(.exhausted(stop)) }
                        }
                    }
                }
            }
        }
        return tally.result(.holds)
    }

    /// Every child of `parentTrackingDomain` below `parent`, whose body ran as `ran` says at each
    /// transition: the first counterexample, if any. Histories whose links falsify an assumption
    /// that reads links alone are counted in `tally.excluded`, not observed.
    private func runChildren(
        of parent: [ViewLink], ran: [Bool], lemma: InvalidationLemmaSpec, order: [Int], subsets: [Set<Int>], readChoices: (Int) -> [Set<Int>],
        statement: InvalidationFormula, assumptions: LinkAssumptions, tally: inout Tally
    ) -> Counterexample? {
        let transitions = parent.count
        func sequences<T>(_ choices: (Int) -> [T]) -> [[T]] { Self.sequences(transitions, choices) }
        // No property (equal whenever compared), or a plain value changed whenever its parent ran.
        let changed = (0...transitions).map { render in PropertyValue.plain(ran.prefix(render).filter { $0 }.count) }
        // A child of a new parent is new (R1); one its parent did not reach keeps its identity (I9).
        let survivals = sequences { transition in ran[transition] ? (parent[transition].survives ? [true, false] : [false]) : [true] }
        let readSequences = sequences(readChoices)
        for values in [[], [changed]] as [[[PropertyValue]]] {
            for survives in survivals {
                let made = Self.trackingHistory(
                    values: values, steps: Array(zip(survives, ran)), initial: [], reads: survives.map { _ in [] },
                    changes: parent.map(\.propertyChanges))
                // What the first tracking and the reads cannot change, decided once per placement.
                let placements = TrackingPlacements(
                    of: made, below: parent, lemma: lemma, order: order, assumptions: assumptions,
                    linkIsRealizable: { $0.isRealizable(under: lemma.rules) })
                for initial in subsets {
                    let realizable = placements.realizable(initial: initial)
                    for reads in readSequences {
                        for index in placements.indices {
                            if meter.next() != nil { return nil }
                            guard realizable[index] else {
                                tally.unrealized += 1
                                continue
                            }
                            // As `judgeCarryingTracking` would leave it out, without building it.
                            if placements.excluded[index] {
                                tally.excluded += 1
                                continue
                            }
                            if let counterexample = Self.judgeCarryingTracking(
                                Self.pair(parent: parent, child: placements.child(index, initial: initial, reads: reads), order: order),
                                of: lemma, statement: statement, assumptions: assumptions, tally: &tally)
                            {
                                return counterexample
                            }
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A parent's property histories: `plainValueHistories` (over three renders, the value changed
    /// at the first transition only is a parent that runs and then is skipped by its comparison);
    /// over two renders that one is the value changed at every transition, enumerated once.
    private static func parentTrackingValues(_ transitions: Int) -> [[[PropertyValue]]] {
        transitions == 1 ? [[], [(0...transitions).map { .plain($0) }]] : plainValueHistories(transitions)
    }

    /// Every sequence over `transitions` of one of `choices(transition)` at each.
    static func sequences<T>(_ transitions: Int, _ choices: (Int) -> [T]) -> [[T]] {
        (0..<transitions).reduce([[]]) { prefixes, transition in prefixes.flatMap { prefix in choices(transition).map { prefix + [$0] } } }
    }
}
