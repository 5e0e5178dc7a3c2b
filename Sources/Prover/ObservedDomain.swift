import Foundation
import IdentityModel
import Invalidation
import LemmaLogic

/// The checker's domain of views, each with what its trees did under one pair of rule sets. What
/// `BodyEvaluator` does with a view does not depend on the lemma, so the domain is observed once
/// per pair and every invalidation lemma under it (and every mutant's run) reads the same list.
final class ObservedDomain: @unchecked Sendable {
    private struct Key: Hashable {
        var rules: InvalidationRules
        var identityRules: RuleSet
    }

    /// The one cache of a run; safe to share, since the lock guards every access.
    static let shared = ObservedDomain()

    private let lock = NSLock()
    private var observed: [Key: [(ViewLink, InvalidationReplay.Observation)]] = [:]

    /// Every link of `InvalidationBoundedRoute.links(under: rules)` (the realizable ones) with its
    /// trees' observation under the rules.
    func observations(rules: InvalidationRules, identityRules: RuleSet) -> [(ViewLink, InvalidationReplay.Observation)] {
        let key = Key(rules: rules, identityRules: identityRules)
        lock.lock()
        defer { lock.unlock() }
        if let cached = observed[key] { return cached }
        let made = InvalidationBoundedRoute.links(under: rules).map { ($0, InvalidationReplay.observe($0, rules: rules, identityRules: identityRules)) }
        observed[key] = made
        return made
    }
}
