import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runDependencyChains` enumerates, in words.
    static let dependencyChainDomain = "one or two unrelated views over 2 or 3 renders (one view: no property or a plain "
        + "value changed at the first or at every transition; two: no property), every survival and parent evaluation a "
        + "tree can give at each, every declaration of the lemma's environment keys and every observation and finding of "
        + "its objects (at most \(maximumDependencyAtoms) names, the same in every render), every change of each key at "
        + "each transition, and every send of each object at each transition, shared by the views"

    /// A lemma naming environment keys or objects over several renders and one or two unrelated
    /// views: every history of `dependencyChainDomain`, left out when a link is one no tree gives
    /// or the links falsify an assumption that reads links alone (`LinkAssumptions`), else built
    /// as chain trees (the environment reaching a view valued by the changes so far, the sends of
    /// each transition) and run through `BodyEvaluator`.
    func runDependencyChains(_ lemma: InvalidationLemmaSpec) -> Result {
        let shape = DependencyShape(lemma)
        let transitions = lemma.transitions
        let perView = Self.dependencyHistories(shape, transitions: transitions)
        let sends = Self.sequences(transitions) { _ in Self.subsets(shape.objects) }
        let total = sends.count * (0..<shape.views).reduce(1) { total, _ in total * perView.count }
        guard lemma.parents.allSatisfy({ $0 == nil }), transitions <= InvalidationChainDomain.maximumTransitions,
            (1...2).contains(shape.views), shape.properties == 0, !shape.stateObject, shape.names <= Self.maximumDependencyAtoms,
            total <= Self.maximumPairCases
        else {
            return Tally.inapplicable(
                "lemmas naming environment keys or objects over several renders are enumerated for one or two unrelated views "
                    + "over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, \(Self.maximumDependencyAtoms) names "
                    + "and \(Self.maximumPairCases) candidates (this one: \(total))",
                domain: Self.dependencyChainDomain)
        }
        let statement = lemma.statement
        let assumptions = LinkAssumptions(lemma)
        var tally = Tally(domain: Self.dependencyChainDomain)
        let choices = Self.sequences(shape.views) { _ in perView }
        for sent in sends {
            for chosen in choices {
                if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                if let counterexample = Self.judgeFinalLinks(
                    chosen.map { Self.sending(sent, $0) }, of: lemma, statement: statement, assumptions: assumptions, tally: &tally)
                {
                    return tally.result(.refuted(counterexample))
                }
            }
        }
        return tally.result(.holds)
    }

    /// One view's histories of `dependencyChainDomain` before the sends: its values, survivals and
    /// parent evaluations, declarations (the same at every transition) and key changes.
    static func dependencyHistories(_ shape: DependencyShape, transitions: Int) -> [[ViewLink]] {
        // Two views have no property.
        let valueHistories = shape.views == 1 ? plainValueHistories(transitions) : [[]]
        let keys = subsets(shape.keys)
        let objects = subsets(shape.objects)
        var result: [[ViewLink]] = []
        for values in valueHistories {
            for step in sequences(transitions, { steps(values, at: $0) }) {
                for declared in keys {
                    for observed in objects {
                        for found in objects {
                            for changes in sequences(transitions, { _ in keys }) {
                                result.append((0..<transitions).map { transition in
                                    ViewLink(
                                        survives: step[transition].0, parentEvaluated: step[transition].1,
                                        old: values.map { $0[transition] }, new: values.map { $0[transition + 1] },
                                        declaredKeys: declared, keyChanges: changes[transition], observedObjects: observed,
                                        foundObjects: found)
                                })
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}
