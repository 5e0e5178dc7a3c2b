import IdentityModel
import Invalidation
import LemmaLogic

/// The checker's domain of views, each with what its trees did under one pair of rule sets. What
/// `BodyEvaluator` does with a view does not depend on the lemma, so the domain is observed once
/// per pair and every invalidation lemma of a verifier under it reads the same list. Each
/// `Verifier` owns one, so a run's observations go with it (a mutant's run has pairs of its own,
/// and tens of thousands of observed views per pair add up over the 26 mutants).
final class ObservedDomain: Sendable {
    /// A realized view of the one-view domain as one history over one transition (what
    /// `InvalidationEvaluator(histories:observations:)` reads, made once rather than per lemma and
    /// view), its trees, and how many views before it no tree realized.
    struct View: Sendable {
        var histories: [[ViewLink]]
        var observations: [[ViewLinkObservation]]
        var trees: ViewLinkTrees
        var unrealizedBefore: Int
    }

    /// The realized views of the one-view domain in `links`' order, and how many no tree realized.
    typealias Observations = (realized: [View], unrealized: Int)
    typealias ChainObservations = (realized: [([[ViewLink]], [[ViewLinkObservation]])], unrealized: Int)

    private struct Key: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
    }

    private struct ChainKey: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
        var shape: InvalidationChainDomain.Shape
        var transitions: Int
        /// The canonical paths set and the transitions of their sets (`mutate`).
        var sets: [Int: Int]
    }

    private let views = OnceMap<Key, Observations>()
    private let chains = OnceMap<ChainKey, ChainObservations>()

    /// An empty domain: each pair is observed when a lemma first asks for it.
    init() {}

    /// Every link of `InvalidationBoundedRoute.links(under: rules)` (the realizable ones) with its
    /// trees' observation under the rules.
    /// Pairs are observed independently: a lemma under one pair never waits for another's.
    func observations(rules: InvalidationRules, identityRules: RuleSet) -> Observations {
        views.value(for: Key(rules: rules, identityRules: identityRules)) {
            var observations: Observations = ([], 0)
            for link in InvalidationBoundedRoute.links(under: rules) {
                switch InvalidationReplay.observe(link, rules: rules, identityRules: identityRules) {
                case .realized(let trees, let observed):
                    observations.realized.append(View(
                        histories: [[link]], observations: [[observed]], trees: trees, unrealizedBefore: observations.unrealized))
                case .notRealized: observations.unrealized += 1
                }
            }
            return observations
        }
    }

    /// The realized histories of `InvalidationChainDomain` for `shape` over `transitions`, with
    /// what their trees did under the rules, observed once per key like `observations`; with
    /// `sets`, the canonical paths it names set at their transitions.
    func chainObservations(
        _ shape: InvalidationChainDomain.Shape, transitions: Int, sets: [Int: Int] = [:], rules: InvalidationRules,
        identityRules: RuleSet
    ) -> ChainObservations {
        chains.value(for: ChainKey(rules: rules, identityRules: identityRules, shape: shape, transitions: transitions, sets: sets)) {
            InvalidationChainDomain.observe(shape, transitions: transitions, sets: sets, rules: rules, identityRules: identityRules)
        }
    }
}
