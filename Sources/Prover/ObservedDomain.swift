import IdentityModel
import Invalidation
import LemmaLogic

/// The checker's domain of views, each with what its trees did under one pair of rule sets. What
/// `BodyEvaluator` does with a view does not depend on the lemma, so the domain is observed once
/// per pair and every invalidation lemma of a verifier under it reads the same list. Each
/// `Verifier` owns one, so a run's observations go with it (a mutant's run has pairs of its own,
/// and tens of thousands of observed views per pair add up over the 27 mutants).
final class ObservedDomain: Sendable {
    /// A realized view of the one-view domain as one history over one transition (what
    /// `InvalidationEvaluator(histories:observations:)` reads, made once rather than per lemma and
    /// view), its trees, and how many views of its chunk before it no tree realized.
    struct View: Sendable {
        var histories: [[ViewLink]]
        var observations: [[ViewLinkObservation]]
        var trees: ViewLinkTrees
        var unrealizedBefore: Int
    }

    /// The realized views of one chunk of the one-view domain in `links`' order, and how many no tree realized.
    typealias Observations = (realized: [View], unrealized: Int)
    typealias ChainObservations = (realized: [([[ViewLink]], [[ViewLinkObservation]])], unrealized: Int)

    /// How many links of `InvalidationBoundedRoute.links` one chunk of the one-view domain holds:
    /// a lemma refuted early, the only one under its pair of rule sets, observes no further chunk.
    static let chunkLength = 2_048

    /// The chunks of the one-view domain.
    static let chunks = (InvalidationBoundedRoute.links.count + chunkLength - 1) / chunkLength

    private struct Key: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
        var chunk: Int
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

    /// Every link of chunk `chunk` (`0..<chunks`) of `InvalidationBoundedRoute.links` that a tree
    /// can give a view under the rules (`ViewLink.isRealizable`: the views Z3's encoding ranges over
    /// too, `InvalidationEncoding.realizable`, so both routes enumerate the same links), with its
    /// trees' observation under them.
    /// Pairs and chunks are observed independently: a lemma never waits for another pair's.
    func observations(rules: InvalidationRules, identityRules: RuleSet, chunk: Int) -> Observations {
        views.value(for: Key(rules: rules, identityRules: identityRules, chunk: chunk)) {
            var observations: Observations = ([], 0)
            let links = InvalidationBoundedRoute.links
            for link in links[chunk * Self.chunkLength..<min(links.count, (chunk + 1) * Self.chunkLength)]
            where link.isRealizable(under: rules) {
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

    /// How many chunks of the one-view domain under the rules were observed (or are being observed).
    func observedChunks(rules: InvalidationRules, identityRules: RuleSet) -> Int {
        (0..<Self.chunks).filter { views.contains(Key(rules: rules, identityRules: identityRules, chunk: $0)) }.count
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
