/// A parsed `import "other.lemma"`: the predicates and lemmas of that file become visible in this
/// one. The path is relative to the importing file; `LemmaLoader` resolves it.
package struct LemmaImport: Hashable, Sendable {
    /// The path as written.
    package var path: Located<String>
    /// The standardized path of the imported file, once the loader found it inside the lemma root.
    package var resolved: String?

    /// Creates an import, unresolved.
    package init(path: Located<String>) {
        self.path = path
    }
}
