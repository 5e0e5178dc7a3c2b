/// One parsed lemma file: its source and its items in order.
public struct LemmaFile: Sendable {
    /// A lemma or a scenario.
    public enum Item: Hashable, Sendable {
        case lemma(Lemma)
        case scenario(Scenario)

        /// The item's name and headers.
        public var header: ItemHeader {
            switch self {
            case .lemma(let lemma): return lemma.header
            case .scenario(let scenario): return scenario.header
            }
        }

        /// The whole item.
        public var range: SourceRange {
            switch self {
            case .lemma(let lemma): return lemma.range
            case .scenario(let scenario): return scenario.range
            }
        }
    }

    /// The text the file was parsed from.
    public var source: SourceFile
    /// The items, in file order.
    public var items: [Item]
    /// The `predicate` definitions, in file order.
    public var predicates: [NamedPredicate] = []
    /// The `import`s, in file order.
    public var imports: [LemmaImport] = []

    /// Creates a file.
    public init(source: SourceFile, items: [Item]) {
        self.source = source
        self.items = items
    }
}
