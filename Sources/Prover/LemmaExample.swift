/// What `--example NAME` found: trees on which all of a lemma's assumptions hold (replayed), to
/// sanity-check that the lemma says something, or why none was found.
package struct LemmaExample: Sendable {
    package var name: String
    package var file: String
    package var line: Int
    /// The trees, when some were found: every assumption as written holds on them (an identity
    /// lemma's are evaluated on the trees, each path quantifier over its render's views).
    package var witness: Counterexample?
    /// Why no witness was found (`nil` when one was).
    package var noWitness: NoWitnessReason?

    /// The example as a person reads it.
    package var text: String {
        var lines = ["example \(name)  \(file):\(line)"]
        if let witness {
            lines.append("    the assumptions all hold on these renders (\(witness.origin.rawValue)):")
            lines += CounterexampleText.lines(witness, verbose: false).map { "      " + $0 }
        } else if let noWitness {
            lines.append("    no witness: \(ReasonText.sentence(noWitness)) [\(noWitness.code)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
