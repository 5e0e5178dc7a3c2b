import Invalidation
import LemmaLogic

/// The parts of histories the checker's walks over several renders or a parent and its child
/// share: how they enumerate values, survivals and children, and how they judge a candidate.
extension InvalidationBoundedRoute {
    /// One view's property histories over `transitions`: none, a plain value changed at the first
    /// transition only, or at every one.
    static func plainValueHistories(_ transitions: Int) -> [[[PropertyValue]]] {
        [[], [(0...transitions).map { .plain(min($0, 1)) }], [(0...transitions).map { .plain($0) }]]
    }

    /// The (survives, parentEvaluated) a tree can give a view with `values` at `transition`: a
    /// parent that did not run hands down the same values.
    static func steps(_ values: [[PropertyValue]], at transition: Int) -> [(Bool, Bool)] {
        values.contains { $0[transition] != $0[transition + 1] } ? [(true, true), (false, true)] : [(true, false), (true, true), (false, true)]
    }

    /// One view's history in the tracking walks: its `values` (per property, its value at each
    /// render), each transition's (survives, parentEvaluated) `steps`, what its tracking holds
    /// before the first transition (`initial`; the later ones the trees derive), and at each
    /// transition what its body reads and which properties changed.
    static func trackingHistory(
        values: [[PropertyValue]], steps: [(Bool, Bool)], initial: Set<Int>, reads: [Set<Int>], changes: [Set<Int>]
    ) -> [ViewLink] {
        steps.indices.map { transition in
            ViewLink(
                survives: steps[transition].0, parentEvaluated: steps[transition].1, old: values.map { $0[transition] },
                new: values.map { $0[transition + 1] }, tracked: transition == 0 ? initial : [], reads: reads[transition],
                propertyChanges: changes[transition])
        }
    }

    /// `history` with the objects of `sent` sent at each transition.
    static func sending(_ sent: [Set<Int>], _ history: [ViewLink]) -> [ViewLink] {
        zip(history, sent).map { link, sent in
            var link = link
            link.objectsSent = sent
            return link
        }
    }

    /// Whether every link of `history` is well formed and one a tree gives (`ViewLink.isRealizable`).
    static func realizable(_ history: [ViewLink], under rules: InvalidationRules) -> Bool {
        history.allSatisfy { $0.isWellFormed && $0.isRealizable(under: rules) }
    }

    /// What the body of `parent` (one link per transition) did at each transition on trees of its
    /// own, which is its child's parent evaluation there; nil when they do not realize it.
    static func ran(_ parent: [ViewLink], under lemma: InvalidationLemmaSpec) -> [Bool]? {
        guard case .realized(_, let alone) = InvalidationReplay.observe(
            [parent], parents: [nil], names: ["p"], rules: lemma.rules, identityRules: lemma.identityRules)
        else { return nil }
        return alone[0].map(\.view.evaluated)
    }

    /// The child histories the parent-and-child walks over several renders enumerate below
    /// `parent`, whose body ran as `ran` says at each transition, before the walk's own atoms:
    /// every survival a tree gives at each transition, with no property or a plain value changed
    /// at every transition where the parent ran (survivals first, then values).
    static func childHistories(below parent: [ViewLink], ran: [Bool]) -> [[ViewLink]] {
        let transitions = parent.count
        // A child of a new parent is new (R1); one its parent did not reach keeps its identity and values (I9).
        let survivals = sequences(transitions) { transition in
            ran[transition] ? (parent[transition].survives ? [true, false] : [false]) : [true]
        }
        // No property, or a plain value changed at every transition where the parent ran.
        let runs = ran.reduce(into: [0]) { $0.append($0.last! + ($1 ? 1 : 0)) }
        let values: [[PropertyValue]] = runs.last! > 0 ? [[], runs.map { .plain($0) }] : [[]]
        return survivals.flatMap { survives in
            values.map { value in
                (0..<transitions).map { transition in
                    ViewLink(
                        survives: survives[transition], parentEvaluated: ran[transition],
                        old: value.isEmpty ? [] : [value[transition]], new: value.isEmpty ? [] : [value[transition + 1]])
                }
            }
        }
    }

    /// What a parent-and-child walk over several renders enumerates, in words: its parents,
    /// `childHistories` below each, and `atoms`, each view's own.
    static func parentAndChildChainDomain(each atoms: String) -> String {
        "a parent view over 2 or 3 renders (no property or a plain value changed at the first or at every transition, every "
            + "survival and parent evaluation a tree gives at each) and its child (no property, or a plain value changed at "
            + "every transition where its parent ran; every survival a tree gives), each with \(atoms); the child's parent "
            + "evaluations the parent's verdicts on the trees" + rowPlacementDomain
    }

    /// Every child that each of `assignments` makes of each of `bases`, in that order, beside
    /// `parent` (`pair`), each placed as the lemma places it (`placements`: a row with its keys and
    /// moves); for two rows of the parent's `ForEach` (`parentAndRows`, `order` of three paths) every
    /// pair of those children of one content instead (`rowPairs`). Each spends the walk's budget, is
    /// counted unrealized unless every child in it is `realizable`, and is judged. The walk's result
    /// when it ends here (its budget spent, or a counterexample), nil to go on.
    func judgeChildren(
        of parent: [ViewLink], bases: [[ViewLink]], assignments: [([ViewLink]) -> [ViewLink]], order: [Int],
        lemma: InvalidationLemmaSpec, statement: InvalidationFormula, realizable: ([ViewLink]) -> Bool, tally: inout Tally
    ) -> Result? {
        let placed = bases.lazy.flatMap { base in
            assignments.lazy.flatMap { assign in Self.placements(of: assign(base), below: parent, lemma: lemma, order: order) }
        }
        let candidates = order.count == 3 ? AnySequence(Self.rowPairs(Array(placed))) : AnySequence(placed.map { [$0] })
        for children in candidates {
            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
            guard children.allSatisfy(realizable) else {
                tally.unrealized += 1
                continue
            }
            if let counterexample = Self.judge(
                Self.family(parent: parent, children: children, order: order), of: lemma, statement: statement, tally: &tally)
            {
                return tally.result(.refuted(counterexample))
            }
        }
        return nil
    }

    /// The lemma's histories of a parent and its child: canonical path i is the lemma's path `order[i]`.
    static func pair(parent: [ViewLink], child: [ViewLink], order: [Int]) -> [[ViewLink]] {
        family(parent: parent, children: [child], order: order)
    }

    /// The lemma's histories of a parent and the views its body makes (its child, or its two rows):
    /// canonical path i is the lemma's path `order[i]`.
    static func family(parent: [ViewLink], children: [[ViewLink]], order: [Int]) -> [[ViewLink]] {
        var histories = [[ViewLink]](repeating: [], count: order.count)
        for (canonical, history) in ([parent] + children).enumerated() { histories[order[canonical]] = history }
        return histories
    }

    /// `judge` on `histories` with their tracking after the first transition carried on the trees
    /// (`ViewChainTrees.carrying`), counted in `tally.excluded` instead when their links
    /// falsify an assumption that reads links alone, before the carry (without the trees it builds)
    /// or after it: every link is final once the tracking is carried (a child's parent evaluation
    /// is its parent's verdict on its own trees), so such a history holds the lemma vacuously.
    static func judgeCarryingTracking(
        _ histories: [[ViewLink]], of lemma: InvalidationLemmaSpec, statement: InvalidationFormula, assumptions: LinkAssumptions,
        tally: inout Tally
    ) -> Counterexample? {
        if assumptions.excludeBeforeCarrying(histories: histories) {
            tally.excluded += 1
            return nil
        }
        let carried = ViewChainTrees.carrying(
            histories, parents: lemma.parents, names: lemma.paths, rules: lemma.rules, identityRules: lemma.identityRules)
        if assumptions.exclude(histories: carried.histories) {
            tally.excluded += 1
            return nil
        }
        return judge(carried, of: lemma, statement: statement, tally: &tally)
    }
}
