/// A parsed `lemma NAME { … }`, before checking.
package struct Lemma: Hashable, Sendable {
    /// Name and headers.
    package var header: ItemHeader
    /// The renders declared by `renders`; `before, after` when the header is absent.
    package var renders: [Located<String>]
    /// `renders …, any program`: the renders may come from different programs.
    package var anyProgram: Bool = false
    /// The `forall` binders, in order.
    package var binders: [PathBinder] = []
    /// The paths named by `mutate`, in order, each with its `after r` if written.
    package var mutations: [LemmaMutation] = []
    /// The `assume` formulas, in order.
    package var assumptions: [Formula] = []
    /// The `use` statements, in order.
    package var uses: [LemmaUse] = []
    /// The `show` formula, if given.
    package var conclusion: Formula?
    /// `scope bounded "reason"`: a bounded proof is all this lemma can get, and why.
    package var boundedByDesign: Located<String>?
    /// `invalidation NAME`: an invalidation lemma under that invalidation rule set (its formulas
    /// talk about body evaluation, docs/invalidation.md).
    package var invalidation: Located<String>?
    /// Whether a statement of this lemma had a syntax error (so missing parts are not reported).
    package var hasSyntaxErrors = false
    /// From `lemma` to the closing brace.
    package var range: SourceRange

    /// Creates a lemma with a name and defaults.
    package init(header: ItemHeader, renders: [Located<String>], range: SourceRange) {
        self.header = header
        self.renders = renders
        self.range = range
    }
}
