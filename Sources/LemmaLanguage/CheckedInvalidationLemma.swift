import Invalidation
import LemmaLogic

/// The part of a checked invalidation lemma (`invalidation NAME`) the prover reads: its
/// invalidation rule set, the structure its paths are declared in, and its formulas, resolved
/// (paths numbered in binder order).
package struct CheckedInvalidationLemma: Hashable, Sendable {
    /// The invalidation rule set `invalidation NAME` names, resolved by the checker.
    package var ruleSet: InvalidationRules
    /// The property index variables' names, by number.
    package var indexNames: [String]
    /// Per path, the path whose view is its parent (`assume childOf(q, p)`), else `nil`.
    package var parents: [Int?]
    /// The `@Observable` properties `readsProperty` and `propertyChanged` name, by number.
    package var observableProperties: [String] = []
    /// The environment keys `declaresKey` and `environmentChanged` name, by number.
    package var environmentKeys: [String] = []
    /// The objects `observesObject`, `findsObject` and `objectSent` name, by number.
    package var objects: [String] = []
    /// The paths whose `@State` the user sets after the first render (`mutate p after r`).
    package var mutated: Set<Int> = []
    package var assumptions: [InvalidationFormula]
    /// Each of `assumptions` as written (canonically parenthesised) and where, for reports.
    package var writtenAssumptions: [Located<String>]
    package var conclusion: InvalidationFormula
}
