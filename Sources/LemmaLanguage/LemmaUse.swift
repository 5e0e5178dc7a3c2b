/// A parsed `use NAME(a, b)` in a lemma: the statement of lemma `NAME` (its assumptions imply its
/// conclusion), with its `forall` paths, in order, replaced by `a`, `b`, becomes an assumption.
public struct LemmaUse: Hashable, Sendable {
    /// The used lemma's name.
    public var name: Located<String>
    /// The paths of the using lemma, one per `forall` path of the used lemma, in order.
    public var arguments: [Located<String>]
    /// From `use` to the closing parenthesis.
    public var range: SourceRange

    /// Creates a use.
    public init(name: Located<String>, arguments: [Located<String>], range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}
