import Encoding
import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import ModelChecker

/// How a run of `verify-lemmas` is configured.
package struct VerifierOptions: Sendable {
    /// Only lemmas and scenarios whose name contains this.
    package var filter: String?
    /// With `filter`, also the lemmas the matching ones `use`, transitively (`--check-proofs`: a
    /// user's recorded verdict rests on them, so leaving them out would be drift that is not).
    package var filterRunsUsedLemmas = false
    /// Only this part of the lemmas and scenarios (after `filter`, in the order of the files'
    /// paths and of the items in each, dealt round-robin, a lemma together with the lemmas it
    /// `use`s); ill-formed items are reported by part 1 alone.
    package var shard = Shard.whole
    /// Run everything under this identity rule set instead of each item's own.
    package var rules: RuleSet?
    /// Run every invalidation lemma and scenario under this invalidation rule set instead of its own.
    package var invalidationRules: InvalidationRules?
    /// Break one rule in every rule set (to show which proofs depend on it).
    package var mutation: RuleMutation?
    /// Break one invalidation rule (I1–I12) in every invalidation rule set; only invalidation
    /// scenarios are run then, since nothing else reads those rules.
    package var invalidationMutation: InvalidationMutation?
    /// The Z3 resource units (`rlimit`) each solver check may spend: the deterministic limit.
    package var resourceLimit = SolverBudget.standard.resourceLimit
    /// The wall-clock backstop of each solver check, in seconds.
    package var timeoutSeconds = Double(SolverBudget.standard.milliseconds) / 1000
    /// Both limits of each solver check.
    package var budget: SolverBudget {
        SolverBudget(resourceLimit: resourceLimit, milliseconds: Int((timeoutSeconds * 1000).rounded(.up)))
    }
    /// Tasks run at once: solver routes, the checker's shared walks, obligations, scenarios.
    package var jobs: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// The largest trees the explicit-state cross-check enumerates.
    package var checkerBound = Bound(depth: 3, branching: 2)
    /// The cases each checker walk may examine: its deterministic limit (`WalkBudget`).
    package var checkerCases = WalkBudget.standardCases
    /// The budget of each checker walk: `checkerCases`, with a backstop derived from `timeoutSeconds`.
    package var walkBudget: WalkBudget {
        WalkBudget(cases: checkerCases, seconds: WalkBudget.backstop(solverTimeout: timeoutSeconds))
    }
    /// Count an `expect holds` lemma as expected only when it is proved unbounded, unless the lemma
    /// says `scope bounded "reason"`.
    package var requireUnbounded = false
    /// Look for a witness of every proved lemma's assumptions (vacuity); the mutation score, which
    /// asks only whether a mutant is killed, turns it off.
    package var checksVacuity = true
    /// Keep each path-level query as SMT-LIB 2 (for Proofs/).
    package var exportScripts = false
    /// Accept a run with nothing to check (no lemma file, or a filter no item matches) instead of
    /// failing it with `E091`.
    package var allowsEmpty = false
    /// Explain each verdict (`--explain`): a proof's unsat core, what a refutation leans on.
    package var explains = false
    /// Where the run says how far it has got (a progress display reads it); nil: nowhere.
    package var progress: RunProgress?

    /// The defaults.
    package init() {}

    /// Runs everything under `selection`'s layers instead of each item's own (`--rules`).
    package mutating func select(_ selection: RuleSelection) {
        rules = selection.identity
        invalidationRules = selection.invalidation
    }

    /// What the run's verdicts are under, as reports name it: `per lemma` without `--rules`.
    package var rulesName: String {
        switch (rules, invalidationRules) {
        case (nil, nil): return "per lemma"
        case (let identity?, nil): return identity.name
        case (nil, let invalidation?): return "invalidation \(invalidation.name)"
        case (let identity?, let invalidation?): return "\(identity.name), invalidation \(invalidation.name)"
        }
    }
}
