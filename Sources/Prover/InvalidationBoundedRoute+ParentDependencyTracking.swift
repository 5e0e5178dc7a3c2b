import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runParentDependencyTracking` enumerates, in words.
    static let parentDependencyTrackingDomain = "a parent view over 2 or 3 renders (no property or a plain value changed at the "
        + "first or at every transition, every survival and parent evaluation a tree gives at each) and its child (no "
        + "property, or a plain value changed whenever its parent ran; every survival a tree gives), each with every "
        + "declaration of the lemma's environment keys and every observation and finding of its objects (the same in every "
        + "render), every change of each key at each transition, every tracking of its @Observable properties (at most "
        + "\(maximumParentTrackingProperties.threeRenders) over 3 renders) before the first transition and every set its body "
        + "reads at each transition (at the last only when the lemma names bodyReads there; of the parent's, when the lemma "
        + "names neither its readsProperty nor its bodyReads, one per run of its body at each transition); every send of "
        + "each object and every change of each property at each transition shared (at most \(maximumDependencyAtoms) names in all); each later "
        + "tracking the registrar's from what the trees did, the child's parent evaluation the parent's verdict on the trees"
        + rowPlacementDomain

    /// A lemma naming `@Observable` properties beside environment keys or objects over a parent and
    /// its child (`childOf`) or row (`rowOf`, `placements`) and more than two renders: every pair of `parentDependencyTrackingDomain`
    /// (`runParentDependencyChains`' pairs with `runParentTracking`'s trackings, reads and changes),
    /// the parent's history carried and run alone first so that its child's parent evaluation at
    /// each transition is what the trees made of the parent, each tracking after the first
    /// transition derived on the trees (`ViewChainTrees.carrying`: a run caused by a key's
    /// change or a send records its reads as any other run), left out when its links falsify an
    /// assumption that reads links alone (`LinkAssumptions`), else run through `BodyEvaluator`; the
    /// replay's checks (the sends shared, the keys reaching the child as a tree gives them,
    /// `EnvironmentReach`) keep only pairs a tree gives. A lemma naming neither the parent's
    /// `readsProperty` nor its `bodyReads` tells apart the parent's trackings and reads only by what
    /// its body did (`ran`), all a child sees of them: one parent per `ran` is judged.
    func runParentDependencyTracking(_ lemma: InvalidationLemmaSpec) -> Result {
        var shape = DependencyShape(lemma)
        let transitions = lemma.transitions
        shape.views = 1
        let limit = transitions == 1 ? Self.maximumParentTrackingProperties.twoRenders : Self.maximumParentTrackingProperties.threeRenders
        guard let (chain, order) = InvalidationChainDomain.shape(of: lemma), chain.hasOneChild,
            transitions <= InvalidationChainDomain.maximumTransitions, shape.properties <= limit, !shape.stateObject,
            shape.names <= Self.maximumDependencyAtoms
        else {
            return Tally.inapplicable(
                "lemmas naming @Observable properties beside environment keys or objects through a parent are enumerated for a "
                    + "parent and its child or row over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, "
                    + "\(Self.maximumParentTrackingProperties.threeRenders) property over 3 renders and "
                    + "\(Self.maximumDependencyAtoms) names in all (this one: \(shape.properties) properties, \(shape.names) names)",
                domain: Self.parentDependencyTrackingDomain)
        }
        let parents = Self.dependencyHistories(shape, transitions: transitions)
        let sends = Self.sequences(transitions) { _ in Self.subsets(shape.objects) }
        let own = Self.childDependencyAssignments(shape, transitions: transitions)
        let subsets = Self.subsets(shape.properties)
        // What a body reads at the last transition decides nothing but `bodyReads` there (no tracking follows).
        let lastReads = Self.names(lemma.statement) { atom in
            if case .bodyReads(_, _, transitions - 1) = atom { return true }
            return false
        } ? subsets : [[]]
        let readChoices = { (transition: Int) in transition == transitions - 1 ? lastReads : subsets }
        let reads = Self.sequences(transitions, readChoices)
        let changes = Self.sequences(transitions) { _ in subsets }
        let rules = lemma.rules
        let identityRules = lemma.identityRules
        let statement = lemma.statement
        let assumptions = LinkAssumptions(lemma)
        let children = ChildChoices(own: own, subsets: subsets, reads: reads)
        let parentTrackingNamed = Self.names(statement) { atom in
            switch atom {
            case .tracks(let path, _, _), .bodyReads(let path, _, _): return path == order[0]
            default: return false
            }
        }
        var tally = Tally(domain: Self.parentDependencyTrackingDomain)
        for sent in sends {
            for changed in changes {
                for history in parents {
                    var judgedRuns: Set<[Bool]> = []
                    for initial in subsets {
                        for read in reads {
                            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                            let parent = history.indices.map { transition in
                                var link = history[transition]
                                link.objectsSent = sent[transition]
                                link.propertyChanges = changed[transition]
                                link.tracked = transition == 0 ? initial : []
                                link.reads = read[transition]
                                return link
                            }
                            guard parent.allSatisfy({ $0.isWellFormed && $0.isRealizable(under: rules) }) else {
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
                            if !parentTrackingNamed, !judgedRuns.insert(ran).inserted { continue }
                            if let found = runDependencyTrackingChildren(
                                of: parent, ran: ran, choices: children, lemma: lemma, order: order, statement: statement,
                                assumptions: assumptions, tally: &tally)
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

    /// Whether `formula` has an atom `matches` says yes to, or quantifies (its atoms' paths then not
    /// read here).
    private static func names(_ formula: InvalidationFormula, _ matches: (InvalidationFormula) -> Bool) -> Bool {
        switch formula {
        case .exists, .forall: return true
        case .not(let body): return names(body, matches)
        case .and(let parts), .or(let parts): return parts.contains { names($0, matches) }
        case .implies(let lhs, let rhs): return names(lhs, matches) || names(rhs, matches)
        default: return matches(formula)
        }
    }

    /// What a child of `parentDependencyTrackingDomain` may hold of its own: its dependency atoms
    /// (`childDependencyAssignments`), its first tracking and what its body reads at each transition.
    private struct ChildChoices {
        let own: [([ViewLink]) -> [ViewLink]]
        let subsets: [Set<Int>]
        let reads: [[Set<Int>]]
    }

    /// Every child of `parentDependencyTrackingDomain` below `parent`, whose body ran as `ran` says
    /// at each transition: the first counterexample, if any. Histories whose links falsify an
    /// assumption that reads links alone are counted in `tally.excluded`, not observed.
    private func runDependencyTrackingChildren(
        of parent: [ViewLink], ran: [Bool], choices: ChildChoices, lemma: InvalidationLemmaSpec, order: [Int],
        statement: InvalidationFormula, assumptions: LinkAssumptions, tally: inout Tally
    ) -> Counterexample? {
        let transitions = parent.count
        // No property (equal whenever compared), or a plain value changed whenever its parent ran.
        let changed = (0...transitions).map { render in PropertyValue.plain(ran.prefix(render).filter { $0 }.count) }
        // A child of a new parent is new (R1); one its parent did not reach keeps its identity and values (I9).
        let survivals = Self.sequences(transitions) { transition in
            ran[transition] ? (parent[transition].survives ? [true, false] : [false]) : [true]
        }
        for values in [[], [changed]] as [[[PropertyValue]]] {
            for survives in survivals {
                for assign in choices.own {
                    let base = assign((0..<transitions).map { transition in
                        ViewLink(
                            survives: survives[transition], parentEvaluated: ran[transition],
                            old: values.map { $0[transition] }, new: values.map { $0[transition + 1] },
                            propertyChanges: parent[transition].propertyChanges, objectsSent: parent[transition].objectsSent)
                    })
                    // What the first tracking and the reads cannot change, decided once per placement.
                    let placements = TrackingPlacements(
                        of: base, below: parent, lemma: lemma, order: order, assumptions: assumptions,
                        linkIsRealizable: { $0.isWellFormed && $0.isRealizable(under: lemma.rules) })
                    for initial in choices.subsets {
                        let realizable = placements.realizable(initial: initial)
                        for read in choices.reads {
                            for index in placements.indices {
                                if meter.next() != nil { return nil }
                                guard realizable[index] else {
                                    tally.unrealized += 1
                                    continue
                                }
                                if placements.excluded[index] {
                                    tally.excluded += 1
                                    continue
                                }
                                let histories = Self.pair(parent: parent, child: placements.child(index, initial: initial, reads: read), order: order)
                                // Left out as below, without the trees its carry builds.
                                if assumptions.excludeBeforeCarrying(histories: histories) {
                                    tally.excluded += 1
                                    continue
                                }
                                let carried = ViewChainTrees.carrying(
                                    histories, parents: lemma.parents, names: lemma.paths, rules: lemma.rules,
                                    identityRules: lemma.identityRules)
                                if assumptions.exclude(histories: carried.histories) {
                                    tally.excluded += 1
                                    continue
                                }
                                if let counterexample = Self.judge(carried, of: lemma, statement: statement, tally: &tally) {
                                    return counterexample
                                }
                            }
                        }
                    }
                }
            }
        }
        return nil
    }
}
