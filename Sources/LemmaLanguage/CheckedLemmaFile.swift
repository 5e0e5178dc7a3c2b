import LemmaLogic

/// The result of checking one lemma file: its well-formed items and the names of the others.
public struct CheckedLemmaFile: Sendable {
    /// An item with at least one error: not checked further, reported as ill-formed.
    public struct IllFormedItem: Hashable, Sendable {
        /// Whether the item is a lemma or a scenario.
        public enum Kind: String, Hashable, Sendable {
            case lemma, scenario
        }

        public var name: String
        public var kind: Kind
        /// From the keyword to the closing brace.
        public var range: SourceRange
        /// The errors located inside the item (filled in by `LemmaLoader`).
        public var diagnostics: [Diagnostic]
        /// `expect holds|refuted` as written, when the item's header has one.
        public var expectation: Expectation?
    }

    /// The file's path.
    public var path: String
    /// The well-formed lemmas, in file order.
    public var lemmas: [CheckedLemma]
    /// The well-formed scenarios, in file order.
    public var scenarios: [CheckedScenario]
    /// The items with errors, in file order.
    public var illFormed: [IllFormedItem]
}
