/// The text of a test's invalidation lemma, as the atom tests write them.
extension SingleLemmaFile {
    /// An invalidation lemma `name` from rule `source` under `rules runtime` and the invalidation
    /// rules `invalidation`, expected to `expect`, over `renders` (the language's `before, after`
    /// when nil), with `p` (and, with `child`, its child `q`, `childOf(q, p)`) in the last render,
    /// then `lines` (its assumptions and conclusion).
    static func invalidationLemma(
        _ name: String, source: String, invalidation: String = "runtime", expect: String = "holds", renders: [String]? = nil,
        child: Bool = true, _ lines: [String]
    ) -> String {
        let last = renders?.last ?? "after"
        let header = [
            "lemma \(name) {",
            "  summary \"x\"; source \(source); rules runtime; invalidation \(invalidation); expect \(expect)",
        ] + (renders.map { ["  renders \($0.joined(separator: ", "))"] } ?? [])
        let paths = child ? ["  forall p: path in \(last), q: path in \(last)", "  assume childOf(q, p)"] : ["  forall p: path in \(last)"]
        // A lemma that holds is about views no lazy container revives (FINDINGS.md 67).
        let later = (renders ?? ["before", "after"]).dropFirst()
        let notRevived = (child ? ["p", "q"] : ["p"]).flatMap { path in later.map { "!revived(\(path), \($0))" } }
        let revival = expect == "holds" ? ["  assume " + notRevived.joined(separator: " && ")] : []
        return (header + paths + revival + lines.map { "  " + $0 } + ["}"]).joined(separator: "\n")
    }
}
