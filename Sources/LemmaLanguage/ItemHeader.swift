import LemmaLogic

/// The parts lemmas and scenarios share: name and the `summary`/`source`/`rules`/`expect` headers.
package struct ItemHeader: Hashable, Sendable {
    /// The item's name.
    package var name: Located<String>
    /// `summary "…"`, if given.
    package var summary: Located<String>?
    /// Every reference of every `source` header, in order.
    package var sources: [Located<SourceReference>] = []
    /// `rules NAME`, if given.
    package var ruleSet: Located<String>?
    /// `expect holds|refuted`, if given.
    package var expectation: Located<Expectation>?
    /// `expect refuted by NAME, …`: the named checks of a scenario that must be exactly the ones
    /// that fail (empty when the header names none).
    package var refutedBy: [Located<String>] = []

    /// Creates a header with only a name.
    package init(name: Located<String>) {
        self.name = name
    }
}
