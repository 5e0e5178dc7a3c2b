import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runParentStateObjectChains` enumerates, in words.
    static let parentStateObjectChainDomain = parentAndChildChainDomain(
        each: "no @StateObject or one with every initialiser change and every kept or remade object at each transition")

    /// A lemma naming state objects (`holdsStateObject`, `initialiserChanged`, `keepsStateObject`)
    /// over a parent and its child (`childOf`) and more than two renders: every pair of
    /// `parentStateObjectChainDomain`, kept when each link is one a tree gives (`isRealizable`: I12
    /// decides the kept object) and each view carries its object from link to link
    /// (`carriesStateObject`: a skipped parent hands its initialiser down), the parent's history
    /// run alone first so that its child's parent evaluation at each transition is what the trees
    /// made of the parent, then the pair built as chain trees (each view's objects a range of its
    /// own) and run through `BodyEvaluator`.
    func runParentStateObjectChains(_ lemma: InvalidationLemmaSpec) -> Result {
        let shape = DependencyShape(lemma)
        let transitions = lemma.transitions
        var plain = shape
        (plain.views, plain.keys, plain.objects, plain.stateObject) = (1, 0, 0, false)
        let parents = Self.dependencyHistories(plain, transitions: transitions)
        let objects = Self.stateObjectAssignments(transitions)
        // Per parent history at most two survivals per transition and two value histories.
        let total = parents.count * objects.count * objects.count * 2 * (1 << transitions)
        guard let (chain, order) = InvalidationChainDomain.shape(of: lemma), chain.hasOneChild,
            transitions <= InvalidationChainDomain.maximumTransitions, shape.stateObject, shape.properties == 0, shape.keys == 0,
            shape.objects == 0, total <= Self.maximumPairCases
        else {
            return Tally.inapplicable(
                "lemmas naming state objects through a parent over several renders are enumerated for a parent and its child "
                    + "over at most \(InvalidationChainDomain.maximumTransitions + 1) renders, without another dependency atom",
                domain: Self.parentStateObjectChainDomain)
        }
        let rules = lemma.rules
        let statement = lemma.statement
        var tally = Tally(domain: Self.parentStateObjectChainDomain)
        func realizable(_ history: [ViewLink]) -> Bool {
            Self.realizable(history, under: rules)
                && zip(history, history.dropFirst()).allSatisfy { $0.carriesStateObject(to: $1, under: rules) }
        }
        for history in parents {
            for assignParent in objects {
                let parent = assignParent(history)
                guard realizable(parent), let ran = Self.ran(parent, under: lemma) else {
                    tally.unrealized += 1
                    continue
                }
                if let ended = judgeChildren(
                    of: parent, bases: Self.childHistories(below: parent, ran: ran), assignments: objects, order: order, lemma: lemma,
                    statement: statement, realizable: realizable, tally: &tally)
                {
                    return ended
                }
            }
        }
        return tally.result(.holds)
    }

    /// Every assignment of a view's `@StateObject` over `transitions`: none, or one (the same
    /// declaration at every transition) with every initialiser change and every kept or remade
    /// object at each transition, I12's or not (the caller keeps what a tree gives).
    static func stateObjectAssignments(_ transitions: Int) -> [([ViewLink]) -> [ViewLink]] {
        let steps = sequences(transitions) { _ in [(false, false), (false, true), (true, false), (true, true)] }
        return [{ $0 }] + steps.map { steps in { history in
            zip(history, steps).map { link, step in
                var link = link
                link.holdsStateObject = true
                (link.initialiserChanged, link.keepsStateObject) = step
                return link
            }
        } }
    }
}
