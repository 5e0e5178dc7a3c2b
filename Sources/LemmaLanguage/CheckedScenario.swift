import IdentityModel
import Invalidation
import LemmaLogic

/// A scenario that passed every check: its render blocks parsed, every label it sets or checks
/// shown by some render.
package struct CheckedScenario: Hashable, Sendable {
    package var name: String
    package var summary: String?
    package var sources: [SourceReference]
    /// The identity rule set `rules` names, resolved by the checker.
    package var ruleSet: RuleSet
    package var expectation: Expectation
    /// The steps in order; the first is always a `.render`.
    package var steps: [ScenarioStep]
    /// The parsed render of each `.render` step, in order (empty for an invalidation scenario).
    package var renders: [Render]
    /// The invalidation rule set of a scenario that checks body evaluation (its `invalidation`
    /// header, else `runtime`), `nil` for an identity scenario.
    package var invalidation: InvalidationRules?
    /// The parsed view tree of each `.render` step of an invalidation scenario, in order.
    package var viewTrees: [ViewTreeParser.Parsed] = []
    /// `expect refuted by NAME, …`: the named checks that must be exactly the failing ones (empty:
    /// any failed check refutes).
    package var refutedBy: [String] = []
    /// From `scenario` to the closing brace.
    package var range: SourceRange
}
