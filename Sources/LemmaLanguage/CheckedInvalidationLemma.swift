import Invalidation
import LemmaLogic

/// The part of a checked invalidation lemma (`invalidation NAME`) the prover reads: its
/// invalidation rule set, the structure its paths are declared in, and its formulas, resolved
/// (paths numbered in binder order).
public struct CheckedInvalidationLemma: Hashable, Sendable {
    /// The invalidation rule set `invalidation NAME` names, resolved by the checker.
    public var ruleSet: InvalidationRules
    /// The property index variables' names, by number.
    public var indexNames: [String]
    /// Per path, the path whose view is its parent (`assume childOf(q, p)`), else `nil`.
    public var parents: [Int?]
    /// The `@Observable` properties `readsProperty` and `propertyChanged` name, by number.
    public var observableProperties: [String] = []
    /// The environment keys `declaresKey` and `environmentChanged` name, by number.
    public var environmentKeys: [String] = []
    public var assumptions: [InvalidationFormula]
    /// Each of `assumptions` as written (canonically parenthesised) and where, for reports.
    public var writtenAssumptions: [Located<String>]
    public var conclusion: InvalidationFormula
}
