import IdentityModel
import Invalidation
import LemmaLogic
import Synchronization

/// The checker's domain of views, each with what its trees did under one pair of rule sets. What
/// `BodyEvaluator` does with a view does not depend on the lemma, so the domain is observed once
/// per pair and every invalidation lemma of a verifier under it reads the same list. Each
/// `Verifier` owns one, so a run's observations go with it (a mutant's run has pairs of its own,
/// and tens of thousands of observed views per pair add up over the 26 mutants).
final class ObservedDomain: Sendable {
    typealias Observations = [(ViewLink, InvalidationReplay.Observation)]

    private struct Key: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
    }

    /// One pair's observations, made by the first lemma that asks and waited for by the others.
    private final class Slot: Sendable {
        let made = Mutex<Observations?>(nil)
    }

    private let slots = Mutex<[Key: Slot]>([:])

    typealias ChainObservations = (realized: [([[ViewLink]], [[ViewLinkObservation]])], unrealized: Int)

    private struct ChainKey: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
        var shape: InvalidationChainDomain.Shape
        var transitions: Int
    }

    private final class ChainSlot: Sendable {
        let made = Mutex<ChainObservations?>(nil)
    }

    private let chainSlots = Mutex<[ChainKey: ChainSlot]>([:])

    /// An empty domain: each pair is observed when a lemma first asks for it.
    init() {}

    /// Every link of `InvalidationBoundedRoute.links(under: rules)` (the realizable ones) with its
    /// trees' observation under the rules.
    /// Pairs are observed independently: a lemma under one pair never waits for another's.
    func observations(rules: InvalidationRules, identityRules: RuleSet) -> Observations {
        let key = Key(rules: rules, identityRules: identityRules)
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return slot.made.withLock { made in
            if let made { return made }
            let observed = InvalidationBoundedRoute.links(under: rules).map {
                ($0, InvalidationReplay.observe($0, rules: rules, identityRules: identityRules))
            }
            made = observed
            return observed
        }
    }

    /// The realized histories of `InvalidationChainDomain` for `shape` over `transitions`, with
    /// what their trees did under the rules, observed once per key like `observations`.
    func chainObservations(
        _ shape: InvalidationChainDomain.Shape, transitions: Int, rules: InvalidationRules, identityRules: RuleSet
    ) -> ChainObservations {
        let key = ChainKey(rules: rules, identityRules: identityRules, shape: shape, transitions: transitions)
        let slot = chainSlots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = ChainSlot()
            slots[key] = slot
            return slot
        }
        return slot.made.withLock { made in
            if let made { return made }
            let observed = InvalidationChainDomain.observe(shape, transitions: transitions, rules: rules, identityRules: identityRules)
            made = observed
            return observed
        }
    }
}
