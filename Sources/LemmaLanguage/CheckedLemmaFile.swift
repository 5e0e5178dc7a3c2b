import LemmaLogic

/// The result of checking one lemma file: its well-formed items and the names of the others.
package struct CheckedLemmaFile: Sendable {
    /// An item with at least one error: not checked further, reported as ill-formed.
    package struct IllFormedItem: Hashable, Sendable {
        /// Whether the item is a lemma or a scenario.
        package enum Kind: String, Hashable, Sendable {
            case lemma, scenario
        }

        package var name: String
        package var kind: Kind
        /// From the keyword to the closing brace.
        package var range: SourceRange
        /// The errors located inside the item (filled in by `LemmaLoader`).
        package var diagnostics: [Diagnostic]
        /// `expect holds|refuted` as written, when the item's header has one.
        package var expectation: Expectation?
    }

    /// The file's path.
    package var path: String
    /// The well-formed lemmas, in file order.
    package var lemmas: [CheckedLemma]
    /// The well-formed scenarios, in file order.
    package var scenarios: [CheckedScenario]
    /// The items with errors, in file order.
    package var illFormed: [IllFormedItem]
}
