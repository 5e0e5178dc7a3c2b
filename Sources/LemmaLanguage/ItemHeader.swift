import LemmaLogic

/// The parts lemmas and scenarios share: name and the `summary`/`source`/`rules`/`expect` headers.
public struct ItemHeader: Hashable, Sendable {
    /// The item's name.
    public var name: Located<String>
    /// `summary "…"`, if given.
    public var summary: Located<String>?
    /// Every reference of every `source` header, in order.
    public var sources: [Located<SourceReference>] = []
    /// `rules NAME`, if given.
    public var ruleSet: Located<String>?
    /// `expect holds|refuted`, if given.
    public var expectation: Located<Expectation>?
    /// `expect refuted by NAME, …`: the named checks of a scenario that must be exactly the ones
    /// that fail (empty when the header names none).
    public var refutedBy: [Located<String>] = []

    /// Creates a header with only a name.
    public init(name: Located<String>) {
        self.name = name
    }
}
