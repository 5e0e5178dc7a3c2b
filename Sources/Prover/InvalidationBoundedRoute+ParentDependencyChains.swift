import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runParentDependencyChains` enumerates, in words.
    static let parentDependencyChainDomain = parentAndChildChainDomain(
        each: "every declaration of the lemma's environment keys and every observation and finding of its objects (at most "
            + "\(maximumDependencyAtoms) names, the same in every render) and every change of each key at each transition, every "
            + "send of each object at each transition shared")

    /// A lemma naming environment keys or objects over a parent and its child (`childOf`) and more
    /// than two renders: every pair of `parentDependencyChainDomain`, the parent's history run alone
    /// first so that its child's parent evaluation at each transition is what the trees made of the
    /// parent, then the pair built as chain trees and run through `BodyEvaluator`; the replay's
    /// checks (the sends shared, the keys reaching the child as a tree gives them, `EnvironmentReach`)
    /// keep only pairs a tree gives.
    func runParentDependencyChains(_ lemma: InvalidationLemmaSpec) -> Result {
        var shape = DependencyShape(lemma)
        let transitions = lemma.transitions
        shape.views = 1
        let parents = Self.dependencyHistories(shape, transitions: transitions)
        let sends = Self.sequences(transitions) { _ in Self.subsets(shape.objects) }
        let own = Self.childDependencyAssignments(shape, transitions: transitions)
        // Per parent history at most two survivals per transition and two value histories.
        let total = parents.count * sends.count * own.count * 2 * (1 << transitions)
        guard let (chain, order) = InvalidationChainDomain.shape(of: lemma), chain.hasOneChild,
            transitions <= InvalidationChainDomain.maximumTransitions, shape.properties == 0, !shape.stateObject,
            shape.names <= Self.maximumDependencyAtoms, total <= Self.maximumPairCases
        else {
            return Tally.inapplicable(
                "lemmas naming environment keys or objects through a parent over several renders are enumerated for a parent "
                    + "and its child or row over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, "
                    + "\(Self.maximumDependencyAtoms) names and \(Self.maximumPairCases) candidates (this one: \(total))",
                domain: Self.parentDependencyChainDomain)
        }
        let rules = lemma.rules
        let statement = lemma.statement
        var tally = Tally(domain: Self.parentDependencyChainDomain)
        for sent in sends {
            for history in parents {
                let parent = Self.sending(sent, history)
                guard Self.realizable(parent, under: rules), let ran = Self.ran(parent, under: lemma) else {
                    tally.unrealized += 1
                    continue
                }
                if let ended = judgeChildren(
                    of: parent, bases: Self.childHistories(below: parent, ran: ran).map { Self.sending(sent, $0) }, assignments: own,
                    order: order, lemma: lemma, statement: statement, realizable: { Self.realizable($0, under: rules) }, tally: &tally)
                {
                    return ended
                }
            }
        }
        return tally.result(.holds)
    }

    /// Every assignment of the child's atoms over `transitions`: its declarations, observations and
    /// findings (the same at every transition) and each key's change at each transition.
    static func childDependencyAssignments(_ shape: DependencyShape, transitions: Int) -> [([ViewLink]) -> [ViewLink]] {
        let keys = subsets(shape.keys)
        let objects = subsets(shape.objects)
        var result: [([ViewLink]) -> [ViewLink]] = []
        for declared in keys {
            for observed in objects {
                for found in objects {
                    for changes in sequences(transitions, { _ in keys }) {
                        result.append { history in
                            zip(history, changes).map { link, changed -> ViewLink in
                                var link = link
                                link.declaredKeys = declared
                                link.keyChanges = changed
                                link.observedObjects = observed
                                link.foundObjects = found
                                return link
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}
