import IdentityModel
import Invalidation
import LemmaLogic

/// A scenario that passed every check: its render blocks parsed, every label it sets or checks
/// shown by some render.
public struct CheckedScenario: Hashable, Sendable {
    public var name: String
    public var summary: String?
    public var sources: [SourceReference]
    /// The identity rule set `rules` names, resolved by the checker.
    public var ruleSet: RuleSet
    public var expectation: Expectation
    /// The steps in order; the first is always a `.render`.
    public var steps: [ScenarioStep]
    /// The parsed render of each `.render` step, in order (empty for an invalidation scenario).
    public var renders: [Render]
    /// The invalidation rule set of a scenario that checks body evaluation (its `invalidation`
    /// header, else `runtime`), `nil` for an identity scenario.
    public var invalidation: InvalidationRules?
    /// The parsed view tree of each `.render` step of an invalidation scenario, in order.
    public var viewTrees: [ViewTreeParser.Parsed] = []
    /// `expect refuted by NAME, …`: the named checks that must be exactly the failing ones (empty:
    /// any failed check refutes).
    public var refutedBy: [String] = []
    /// From `scenario` to the closing brace.
    public var range: SourceRange
}
