import IdentityModel
import Invalidation
import LemmaLogic

/// Replays an invalidation lemma's views on trees: builds each `ViewLink`'s two renders
/// (`ViewLinkTrees`), runs `BodyEvaluator` on them, and evaluates the lemma on what it did. A
/// counterexample is shown only from here.
enum InvalidationReplay {
    /// What the replay found.
    enum Result {
        /// The lemma is false on the trees: the counterexample, as code.
        case violated(Counterexample)
        /// The lemma holds on the trees.
        case holds
        /// The trees do not realize the links (the reason): a parent or a survival other than the
        /// link's.
        case notRealized(String)
    }

    static func run(_ lemma: InvalidationLemmaSpec, links: [ViewLink], origin: Counterexample.Origin) -> Result {
        var trees: [ViewLinkTrees] = []
        var observations: [ViewLinkObservation] = []
        for (index, link) in links.enumerated() {
            switch observe(link, rules: lemma.rules, identityRules: lemma.identityRules) {
            case .realized(let tree, let observed):
                trees.append(tree)
                observations.append(observed)
            case .notRealized(let reason):
                return .notRealized("\(lemma.paths[index]): \(reason)")
            }
        }
        return check(lemma, links: links, trees: trees, observations: observations, origin: origin)
    }

    /// What the trees of one link did, or why they do not realize it.
    enum Observation: Sendable {
        case realized(ViewLinkTrees, ViewLinkObservation)
        case notRealized(String)
    }

    /// Builds `link`'s trees and runs `BodyEvaluator` on them; independent of any lemma.
    static func observe(_ link: ViewLink, rules: InvalidationRules, identityRules: RuleSet) -> Observation {
        guard link.isWellFormed else { return .notRealized("no Swift view has these values (\(link))") }
        // A child's identity and values are what its parent's body made: a parent whose body did
        // not run hands down the same ones (I9), and a new view's state has not changed (I1;
        // FINDINGS.md 11). Z3's encoding and the checker's domain say so too; this is the defence.
        guard link.isRealizable(under: rules) else {
            return .notRealized(
                "a parent whose body did not run cannot give its child a new identity or new values, "
                    + "and a new view's state cannot have changed (\(link))")
        }
        let trees = ViewLinkTrees(link)
        let observed = trees.observe(rules: rules, identityRules: identityRules)
        guard observed.survives == link.survives, observed.parent.evaluated == link.parentEvaluated else {
            return .notRealized(
                "the trees give survives \(observed.survives), parent evaluated \(observed.parent.evaluated); "
                    + "the path level said \(link.survives), \(link.parentEvaluated)")
        }
        return .realized(trees, observed)
    }

    /// The lemma evaluated on realized links: holds, or the counterexample as code.
    static func check(
        _ lemma: InvalidationLemmaSpec, links: [ViewLink], trees: [ViewLinkTrees], observations: [ViewLinkObservation],
        origin: Counterexample.Origin
    ) -> Result {
        guard !InvalidationEvaluator(links: links, observations: observations).holds(lemma.statement) else { return .holds }
        return .violated(counterexample(lemma, links: links, trees: trees, observations: observations, origin: origin))
    }

    /// The renders as code (one tree per path variable, side by side), each view's `body` event
    /// with both values, and the property whose comparison made the view run.
    private static func counterexample(
        _ lemma: InvalidationLemmaSpec, links: [ViewLink], trees: [ViewLinkTrees], observations: [ViewLinkObservation],
        origin: Counterexample.Origin
    ) -> Counterexample {
        func named(_ index: Int) -> String { lemma.paths.count == 1 ? "" : " (\(lemma.paths[index]))" }
        let renders = trees.indices.flatMap { index in
            [("before" + named(index), trees[index].code.before), ("after" + named(index), trees[index].code.after)]
        }
        var trace: [String] = []
        var differences: [String] = []
        for (index, observed) in observations.enumerated() {
            trace.append(observed.parent.explanation)
            trace.append(observed.view.explanation)
            let name = lemma.paths[index]
            if let property = observed.failedProperty {
                differences.append("\(name): the comparison failed at \(property)")
            } else {
                differences.append("\(name): body(view) \(observed.view.evaluated ? "evaluated" : "skipped"): \(observed.view.reason)")
            }
        }
        let reason = observations.enumerated().map { index, observed in
            "\(lemma.paths[index]) = @view: \(observed.view.description); its parent \(observed.parent.evaluated ? "ran" : "was skipped")"
                + (observed.survives ? "" : "; a new identity")
        }.joined(separator: "; ")
        return Counterexample(
            renders: renders, trees: [], firstDifference: differences.joined(separator: "; "), trace: trace,
            paths: zip(lemma.paths, links).map { "\($0): \($1)" }, origin: origin,
            failure: FailurePoint(render: 1, reason: reason))
    }
}
