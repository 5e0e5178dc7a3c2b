/// A parsed `lemma NAME { … }`, before checking.
public struct Lemma: Hashable, Sendable {
    /// Name and headers.
    public var header: ItemHeader
    /// The renders declared by `renders`; `before, after` when the header is absent.
    public var renders: [Located<String>]
    /// `renders …, any program`: the renders may come from different programs.
    public var anyProgram: Bool = false
    /// The `forall` binders, in order.
    public var binders: [PathBinder] = []
    /// The paths named by `mutate`, in order.
    public var mutations: [Located<String>] = []
    /// The `assume` formulas, in order.
    public var assumptions: [Formula] = []
    /// The `use` statements, in order.
    public var uses: [LemmaUse] = []
    /// The `show` formula, if given.
    public var conclusion: Formula?
    /// `scope bounded "reason"`: a bounded proof is all this lemma can get, and why.
    public var boundedByDesign: Located<String>?
    /// `invalidation NAME`: an invalidation lemma under that invalidation rule set (its formulas
    /// talk about body evaluation, docs/invalidation.md).
    public var invalidation: Located<String>?
    /// Whether a statement of this lemma had a syntax error (so missing parts are not reported).
    public var hasSyntaxErrors = false
    /// From `lemma` to the closing brace.
    public var range: SourceRange

    /// Creates a lemma with a name and defaults.
    public init(header: ItemHeader, renders: [Located<String>], range: SourceRange) {
        self.header = header
        self.renders = renders
        self.range = range
    }
}
