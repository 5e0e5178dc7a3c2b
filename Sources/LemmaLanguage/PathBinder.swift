/// `p: path in before`, one binder of a lemma's `forall`.
package struct PathBinder: Hashable, Sendable {
    /// The path variable.
    package var name: Located<String>
    /// The render the path is taken in.
    package var render: Located<String>
    /// The whole binder.
    package var range: SourceRange

    /// Creates a binder.
    package init(name: Located<String>, render: Located<String>, range: SourceRange) {
        self.name = name
        self.render = render
        self.range = range
    }
}
