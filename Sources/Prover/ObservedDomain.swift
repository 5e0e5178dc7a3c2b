import Foundation
import IdentityModel
import Invalidation
import LemmaLogic

/// The checker's domain of views, each with what its trees did under one pair of rule sets. What
/// `BodyEvaluator` does with a view does not depend on the lemma, so the domain is observed once
/// per pair and every invalidation lemma of a run under it reads the same list. A run forgets its
/// pairs when it ends (`forget()`): a mutant's run has pairs of its own, and tens of thousands of
/// observed views per pair add up over the 26 mutants.
final class ObservedDomain: @unchecked Sendable {
    private struct Key: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
    }

    /// The one cache of a run; safe to share, since the lock guards every access.
    static let shared = ObservedDomain()

    /// One pair's observations, made by the first lemma that asks and waited for by the others.
    private final class Slot: @unchecked Sendable {
        // Safe to share: `made` is read and written only under `lock`.
        let lock = NSLock()
        var made: [(ViewLink, InvalidationReplay.Observation)]?
    }

    private let lock = NSLock()
    private var slots: [Key: Slot] = [:]

    /// Every link of `InvalidationBoundedRoute.links(under: rules)` (the realizable ones) with its
    /// trees' observation under the rules.
    /// Pairs are observed independently: a lemma under one pair never waits for another's.
    func observations(rules: InvalidationRules, identityRules: RuleSet) -> [(ViewLink, InvalidationReplay.Observation)] {
        let key = Key(rules: rules, identityRules: identityRules)
        let slot = lock.withLock {
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return slot.lock.withLock {
            if let made = slot.made { return made }
            let made = InvalidationBoundedRoute.links(under: rules).map { ($0, InvalidationReplay.observe($0, rules: rules, identityRules: identityRules)) }
            slot.made = made
            return made
        }
    }

    /// Drops every pair's observations; the next lemma under a pair observes it again.
    func forget() { lock.withLock { slots.removeAll() } }
}
