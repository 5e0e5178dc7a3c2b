import LemmaLogic

/// A scenario that passed every check. Render blocks are still raw text: the IdentityModel
/// parser reads them (and reports their errors at `RawBlock.location(atUTF8Offset:)`).
public struct CheckedScenario: Hashable, Sendable {
    public var name: String
    public var summary: String?
    public var sources: [SourceReference]
    /// One of the known rule set names.
    public var ruleSet: String
    public var expectation: Expectation
    /// The steps in order; the first is always a `.render`.
    public var steps: [ScenarioStep]
    /// From `scenario` to the closing brace.
    public var range: SourceRange
}
