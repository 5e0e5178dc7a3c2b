/// A parsed `use NAME(a, b)` in a lemma: the statement of lemma `NAME` (its assumptions imply its
/// conclusion), with its `forall` paths, in order, replaced by `a`, `b`, becomes an assumption.
package struct LemmaUse: Hashable, Sendable {
    /// The used lemma's name.
    package var name: Located<String>
    /// The paths of the using lemma, one per `forall` path of the used lemma, in order.
    package var arguments: [Located<String>]
    /// From `use` to the closing parenthesis.
    package var range: SourceRange

    /// Creates a use.
    package init(name: Located<String>, arguments: [Located<String>], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}
