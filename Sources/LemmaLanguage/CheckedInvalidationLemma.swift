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
    /// The paths declared rows of a `ForEach` in their parent's body (`assume rowOf(q, p)`, which
    /// sets `parents` too).
    package var rows: Set<Int> = []
    /// The `@Observable` properties `readsProperty` and `propertyChanged` name, by number.
    package var observableProperties: [String] = []
    /// The environment keys `declaresKey` and `environmentChanged` name, by number.
    package var environmentKeys: [String] = []
    /// The objects `observesObject`, `findsObject` and `objectSent` name, by number.
    package var objects: [String] = []
    /// The paths whose `@State` the user sets (`mutate p after r`), each with the transition the set
    /// comes before (r's index).
    package var mutated: [Int: Int] = [:]
    package var assumptions: [InvalidationFormula]
    /// Each of `assumptions` as written (canonically parenthesised) and where, for reports.
    package var writtenAssumptions: [Located<String>]
    package var conclusion: InvalidationFormula
}

extension CheckedInvalidationLemma {
    /// The lemma with the objects, `@Observable` properties and environment keys that none of its
    /// formulas names left out, the rest numbered in their order: what the checker makes of its text.
    /// A name stands for a dependency of its own only while the lemma names it; unnamed, its
    /// changes are part of `signalled` (so a lemma without `objectSent(n, r)` lets n's sends run
    /// views through `signalled`, which `!signalled` rules out).
    func namingOnlyWhatItsFormulasName() -> CheckedInvalidationLemma {
        var used = InvalidationFormula.Vocabulary()
        for formula in assumptions + [conclusion] {
            let named = formula.vocabulary
            used.objects.formUnion(named.objects)
            used.properties.formUnion(named.properties)
            used.keys.formUnion(named.keys)
        }
        func numbering(_ kept: Set<Int>) -> [Int: Int] {
            Dictionary(uniqueKeysWithValues: kept.sorted().enumerated().map { ($1, $0) })
        }
        func names(_ all: [String], _ kept: Set<Int>) -> [String] { kept.sorted().map { all[$0] } }
        let objects = numbering(used.objects), properties = numbering(used.properties), keys = numbering(used.keys)
        var result = self
        result.objects = names(self.objects, used.objects)
        result.observableProperties = names(observableProperties, used.properties)
        result.environmentKeys = names(environmentKeys, used.keys)
        result.assumptions = assumptions.map { $0.renumbered(objects: objects, properties: properties, keys: keys) }
        result.conclusion = conclusion.renumbered(objects: objects, properties: properties, keys: keys)
        return result
    }
}
