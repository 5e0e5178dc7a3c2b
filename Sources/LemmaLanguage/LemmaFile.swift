/// One parsed lemma file: its source and its items in order.
package struct LemmaFile: Sendable {
    /// A lemma or a scenario.
    package enum Item: Hashable, Sendable {
        case lemma(Lemma)
        case scenario(Scenario)

        /// The item's name and headers.
        package var header: ItemHeader {
            switch self {
            case .lemma(let lemma): return lemma.header
            case .scenario(let scenario): return scenario.header
            }
        }

        /// The whole item.
        package var range: SourceRange {
            switch self {
            case .lemma(let lemma): return lemma.range
            case .scenario(let scenario): return scenario.range
            }
        }
    }

    /// The text the file was parsed from.
    package var source: SourceFile
    /// The items, in file order.
    package var items: [Item]
    /// The `predicate` definitions, in file order.
    package var predicates: [NamedPredicate] = []
    /// The `import`s, in file order.
    package var imports: [LemmaImport] = []

    /// Creates a file.
    package init(source: SourceFile, items: [Item]) {
        self.source = source
        self.items = items
    }
}
