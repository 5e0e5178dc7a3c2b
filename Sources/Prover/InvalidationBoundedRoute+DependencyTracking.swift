import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runDependencyTracking` enumerates, in words.
    static let dependencyTrackingDomain = "one view over 2 or 3 renders (no property or a plain value changed at the first or "
        + "at every transition), every survival and parent evaluation a tree can give at each, every declaration of the "
        + "lemma's environment keys and every observation and finding of its objects (the same in every render), every "
        + "change of each key and send of each object at each transition, every tracking of its @Observable properties "
        + "before the first transition and every set its body reads and every change at each transition (at most "
        + "\(maximumDependencyAtoms) names in all); each later tracking the registrar's from what the trees did"

    /// A lemma naming `@Observable` properties beside environment keys or objects over several
    /// renders and one view: every history of `dependencyTrackingDomain`, its tracking after the
    /// first transition derived on the trees (`ViewChainTrees.carrying`: a run caused by a
    /// key's change or a send records its reads as any other run), left out when its links falsify
    /// an assumption that reads links alone (`LinkAssumptions`), else run through `BodyEvaluator`.
    /// Two unrelated views are Z3's alone, and the verdict says so.
    func runDependencyTracking(_ lemma: InvalidationLemmaSpec) -> Result {
        let shape = DependencyShape(lemma)
        let transitions = lemma.transitions
        let histories = Self.dependencyHistories(shape, transitions: transitions)
        let subsets = Self.subsets(shape.properties)
        let sends = Self.sequences(transitions) { _ in Self.subsets(shape.objects) }
        let perTransition = Self.sequences(transitions) { _ in subsets }
        let total = histories.count * sends.count * subsets.count * perTransition.count * perTransition.count
        guard lemma.parents == [nil], transitions <= InvalidationChainDomain.maximumTransitions, !shape.stateObject,
            shape.names <= Self.maximumDependencyAtoms, total <= Self.maximumPairCases
        else {
            return Tally.inapplicable(
                "lemmas naming @Observable properties beside environment keys or objects over several renders are enumerated "
                    + "for one view over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, "
                    + "\(Self.maximumDependencyAtoms) names and \(Self.maximumPairCases) candidates (this one: \(lemma.paths.count) "
                    + "views, \(shape.names) names, \(total) candidates per view); the rest is Z3's alone",
                domain: Self.dependencyTrackingDomain)
        }
        let statement = lemma.statement
        let assumptions = LinkAssumptions(lemma)
        var tally = Tally(domain: Self.dependencyTrackingDomain)
        for history in histories {
            for sent in sends {
                for initial in subsets {
                    for reads in perTransition {
                        for changes in perTransition {
                            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                            let candidate = history.indices.map { transition in
                                var link = history[transition]
                                link.objectsSent = sent[transition]
                                link.tracked = transition == 0 ? initial : []
                                link.reads = reads[transition]
                                link.propertyChanges = changes[transition]
                                return link
                            }
                            guard Self.realizable(candidate, under: lemma.rules) else {
                                tally.unrealized += 1
                                continue
                            }
                            if let counterexample = Self.judgeCarryingTracking(
                                [candidate], of: lemma, statement: statement, assumptions: assumptions, tally: &tally)
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
}
