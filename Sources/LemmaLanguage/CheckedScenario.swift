import IdentityModel
import LemmaLogic

/// A scenario that passed every check: its render blocks parsed, every label it sets or checks
/// shown by some render.
public struct CheckedScenario: Hashable, Sendable {
    public var name: String
    public var summary: String?
    public var sources: [SourceReference]
    /// One of the known rule set names.
    public var ruleSet: String
    public var expectation: Expectation
    /// The steps in order; the first is always a `.render`.
    public var steps: [ScenarioStep]
    /// The parsed render of each `.render` step, in order.
    public var renders: [Render]
    /// From `scenario` to the closing brace.
    public var range: SourceRange
}
