/// A `mutate p` statement's path: the user sets `p`'s state between two renders. In an identity
/// lemma right after the render `p` is bound in; in an invalidation lemma after the render `after`
/// names (`mutate p after r`), since its paths are bound in the last render.
package struct LemmaMutation: Hashable, Sendable {
    package var path: Located<String>
    /// `after r`, when written.
    package var after: Located<String>?

    package init(path: Located<String>, after: Located<String>? = nil) {
        self.path = path
        self.after = after
    }
}
