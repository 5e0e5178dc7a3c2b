/// `p: path in before`, one binder of a lemma's `forall`.
public struct PathBinder: Hashable, Sendable {
    /// The path variable.
    public var name: Located<String>
    /// The render the path is taken in.
    public var render: Located<String>
    /// The whole binder.
    public var range: SourceRange

    /// Creates a binder.
    public init(name: Located<String>, render: Located<String>, range: SourceRange) {
        self.name = name
        self.render = render
        self.range = range
    }
}
