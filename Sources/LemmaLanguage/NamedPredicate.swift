/// A parsed `predicate NAME(p, q) = FORMULA` at file level: a formula over its parameters, which
/// are paths, that lemmas of this file and of files importing it call as `NAME(a, b)`.
package struct NamedPredicate: Hashable, Sendable {
    /// The predicate's name.
    package var name: Located<String>
    /// The parameters, in order; each stands for a path.
    package var parameters: [Located<String>]
    /// The formula a call stands for, with the arguments in place of the parameters.
    package var body: Formula
    /// From `predicate` to the end of the body.
    package var range: SourceRange

    /// Creates a definition.
    package init(name: Located<String>, parameters: [Located<String>], body: Formula, range: SourceRange) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.range = range
    }
}
