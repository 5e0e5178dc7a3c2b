import Invalidation
import LemmaLogic

extension InvalidationBoundedRoute {
    /// What `runParentDependencies` enumerates, in words.
    static let parentDependencyDomain = "a parent view (no property or a plain value that changed, every survival and parent "
        + "evaluation a tree can give) and its child (no property, or a plain value changed when its parent ran; every "
        + "survival a tree can give) over 2 renders, each with every tracking, environment declaration and change, "
        + "observation and state object of the lemma's names (at most \(maximumDependencyAtoms)), every change and send "
        + "shared; the child's parent evaluation the parent's verdict on the trees" + rowPlacementDomain

    /// A lemma naming environment keys, objects or a state object over a parent and its child
    /// (`childOf`), row (`rowOf`, `placements`) or two rows (`rowPairs`; these with `@Observable`
    /// properties alone too) and two renders: every candidate of `parentDependencyDomain`, the
    /// parent's trees run alone first so that its child's parent evaluation is what the trees made
    /// of the parent, and the candidate built as chain trees (the environment reaching each view, the objects numbered alike)
    /// and run through `BodyEvaluator`; the replay's checks (the sends and changes shared, a child's
    /// key change its skipped parent did not see) keep only pairs a tree gives.
    func runParentDependencies(_ lemma: InvalidationLemmaSpec) -> Result {
        let shape = DependencyShape(lemma)
        guard let (chain, order) = InvalidationChainDomain.shape(of: lemma), chain != .single, lemma.transitions == 1,
            shape.names <= Self.maximumDependencyAtoms
        else {
            return Tally.inapplicable(
                "lemmas naming environment keys, objects or a state object through a parent (or @Observable properties through "
                    + "two rows) are enumerated for a parent and its child, row or two rows over 2 renders and at most "
                    + "\(Self.maximumDependencyAtoms) names",
                domain: Self.parentDependencyDomain)
        }
        let rules = lemma.rules
        let own = shape.ownAssignments
        let statement = lemma.statement
        var tally = Tally(domain: Self.parentDependencyDomain + (chain == .parentAndRows ? Self.rowPairDomain : ""))
        for share in shape.sharedAssignments {
            for base in Self.parentDependencyBases {
                for assign in own {
                    let parent = share(assign(base))
                    guard parent.isWellFormed, parent.isRealizable(under: rules), let ran = Self.ran([parent], under: lemma)?[0] else {
                        tally.unrealized += 1
                        continue
                    }
                    // A child of a new parent is new (R1); one its parent did not reach keeps its identity and values (I9).
                    let survivals = ran ? (parent.survives ? [true, false] : [false]) : [true]
                    let values: [[(PropertyValue, PropertyValue)]] = ran ? [[], [(.plain(0), .plain(1))]] : [[]]
                    let children = survivals.flatMap { survives in
                        values.map { pairs in [ViewLink(survives: survives, parentEvaluated: ran, old: pairs.map(\.0), new: pairs.map(\.1))] }
                    }
                    if let ended = judgeChildren(
                        of: [parent], bases: children, assignments: own.map { assign in { $0.map { share(assign($0)) } } }, order: order,
                        lemma: lemma, statement: statement, realizable: { Self.realizable($0, under: rules) }, tally: &tally)
                    {
                        return ended
                    }
                }
            }
        }
        return tally.result(.holds)
    }

    /// The parent's links: no property or a plain value that changed, every survival and parent
    /// evaluation a tree can give.
    private static let parentDependencyBases: [ViewLink] = [false, true].flatMap { changed -> [ViewLink] in
        // A parent that did not run hands down the same values: a changed value needs its parent to run.
        let steps: [(Bool, Bool)] = changed ? [(true, true), (false, true)] : [(true, true), (false, true), (true, false)]
        return steps.map { survives, parentEvaluated in
            ViewLink(
                survives: survives, parentEvaluated: parentEvaluated, old: changed ? [.plain(0)] : [], new: changed ? [.plain(1)] : [])
        }
    }
}
