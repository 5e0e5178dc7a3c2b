import IdentityModel

/// Whether a view of an invalidation lemma may be revived (`revived(p, r)`): its identity not in
/// the render before but back from an earlier one a lazy container retained, with its state (R7,
/// docs/rules.md). What its body, tracking, read flag and state do then docs/invalidation.md leaves
/// open (I1, FINDINGS.md 52, 61, 67), so both routes leave them free (but for what a run there
/// read, tracked after it: FINDINGS.md 72); the replay's trees hold no
/// lazy container and show no revived view.
package enum Revival {
    /// Whether `rules` retain a removed view for revival below some container: read from the rule
    /// function itself (`RuleSet.r7LazyRetention`), so a rule set or mutant that evicts or retains
    /// nothing (`evicting`, `noRetention`) says no without a case here.
    package static func possible(under rules: RuleSet) -> Bool {
        rules.r7LazyRetention(isUnderLazyContainer: true)
            && (rules.mutation == .retentionIgnoresContainer || !rules.retainingContainers.isEmpty)
    }
}
