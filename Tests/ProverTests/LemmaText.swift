/// The text of a lemma over two paths, `forall P: path in before, Q: path in after`, under
/// `runtime`, for tests that need several lemmas alike but for their assumptions (the tests of
/// `use`, of the uses Proofs/ records, and of reason codes), with the lemmas they share.
enum LemmaText {
    static func lemma(
        _ name: String, source: String, expect: String, paths: (String, String) = ("p", "q"), uses: [String] = [],
        assume: [String], show: String
    ) -> String {
        let (p, q) = paths
        let lines = [
            "lemma \(name) {", "  source \(source); rules runtime; expect \(expect)", "  forall \(p): path in before, \(q): path in after",
        ] + uses.map { "  use \($0)(\(p), \(q))" } + assume.map { "  assume \($0)" } + ["  show \(show)", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `p` and `q` agree on every ForEach key, `.id` value and transient read: with `sameView`,
    /// what R2's survival needs.
    static func sameKeysIdsAndReads(_ p: String, _ q: String) -> String {
        "forall i in \(p): (\(p)[i].kind == .forEach => \(p)[i].key == \(q)[i].key)"
            + " && (\(p)[i].kind == .explicitID => \(p)[i].id == \(q)[i].id)"
            + " && (\(p)[i].kind == .conditional => \(p)[i].transient == \(q)[i].transient)"
    }

    /// FALSE: a ForEach row whose key changed is the same view of the program, and a new one (R8).
    static func sameViewSurvives(expect: String) -> String {
        lemma("same_view_survives", source: "R8", expect: expect, assume: ["sameView(p, q)"], show: "survives(p, q)")
    }

    /// Holds (R2): a view the same with the same keys, ids and reads survives.
    static let sameViewAndKeysSurvive = lemma(
        "same_view_and_keys_survive", source: "R2", expect: "holds", assume: ["sameView(p, q)", sameKeysIdsAndReads("p", "q")],
        show: "survives(p, q)")

    /// `name` uses `used` and shows `survives(p, q)`, which a use of `same_view_survives` states: valid
    /// as expanded, so only the verdict of what it uses stands between it and `proved`.
    static func trusting(_ used: String, name: String) -> String {
        lemma(name, source: "R8", expect: "holds", uses: [used], assume: ["sameView(p, q)"], show: "survives(p, q)")
    }
}
