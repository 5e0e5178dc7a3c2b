import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runParentDependencyChains` enumerates, in words.
    static let parentDependencyChainDomain = "a parent view over 2 or 3 renders (no property or a plain value changed at the "
        + "first or at every transition, every survival and parent evaluation a tree gives at each) and its child (no "
        + "property, or a plain value changed at every transition where its parent ran; every survival a tree gives), each "
        + "with every declaration of the lemma's environment keys and every observation and finding of its objects (at "
        + "most \(maximumDependencyAtoms) names, the same in every render) and every change of each key at each "
        + "transition, every send of each object at each transition shared; the child's parent evaluations the parent's "
        + "verdicts on the trees"

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
        guard let (chain, order) = InvalidationChainDomain.shape(of: lemma), chain == .parentAndChild,
            transitions <= InvalidationChainDomain.maximumTransitions, shape.properties == 0, !shape.stateObject,
            shape.names <= Self.maximumDependencyAtoms, total <= Self.maximumPairCases
        else {
            return Tally.inapplicable(
                "lemmas naming environment keys or objects through a parent over several renders are enumerated for a parent "
                    + "and its child over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, "
                    + "\(Self.maximumDependencyAtoms) names and \(Self.maximumPairCases) candidates (this one: \(total))",
                domain: Self.parentDependencyChainDomain)
        }
        let rules = lemma.rules
        let statement = lemma.statement
        var tally = Tally(domain: Self.parentDependencyChainDomain)
        for sent in sends {
            for history in parents {
                let parent = zip(history, sent).map { link, sent -> ViewLink in
                    var link = link
                    link.objectsSent = sent
                    return link
                }
                guard parent.allSatisfy({ $0.isWellFormed && $0.isRealizable(under: rules) }),
                    case .realized(_, let alone) = InvalidationReplay.observe(
                        [parent], parents: [nil], names: ["p"], rules: rules, identityRules: lemma.identityRules)
                else {
                    tally.unrealized += 1
                    continue
                }
                let ran = alone[0].map(\.view.evaluated)
                // A child of a new parent is new (R1); one its parent did not reach keeps its identity and values (I9).
                let survivals = Self.sequences(transitions) { transition in
                    ran[transition] ? (parent[transition].survives ? [true, false] : [false]) : [true]
                }
                // No property, or a plain value changed at every transition where the parent ran.
                let runs = ran.reduce(into: [0]) { $0.append($0.last! + ($1 ? 1 : 0)) }
                let values: [[PropertyValue]] = runs.last! > 0 ? [[], runs.map { .plain($0) }] : [[]]
                for survives in survivals {
                    for value in values {
                        for assign in own {
                            if let stop = meter.next() { return tally.result(.exhausted(stop)) }
                            let child = assign((0..<transitions).map { transition in
                                ViewLink(
                                    survives: survives[transition], parentEvaluated: ran[transition],
                                    old: value.isEmpty ? [] : [value[transition]], new: value.isEmpty ? [] : [value[transition + 1]],
                                    objectsSent: sent[transition])
                            })
                            guard child.allSatisfy({ $0.isWellFormed && $0.isRealizable(under: rules) }) else {
                                tally.unrealized += 1
                                continue
                            }
                            var histories: [[ViewLink]] = [[], []]
                            histories[order[0]] = parent
                            histories[order[1]] = child
                            if let counterexample = Self.judge(histories, of: lemma, statement: statement, tally: &tally) {
                                return tally.result(.refuted(counterexample))
                            }
                        }
                    }
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
