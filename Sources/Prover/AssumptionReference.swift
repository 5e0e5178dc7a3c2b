/// An `assume` line of a lemma, as explain reports name it: its number, where it is written, and
/// its text.
package struct AssumptionReference: Hashable, Sendable {
    /// 1-based, in the order the lemma states its assumptions.
    package var number: Int
    /// The lemma file, as the report names it.
    package var file: String
    package var line: Int
    package var column: Int
    /// The assumption, fully parenthesised.
    package var text: String

    /// `assumption 2 (Lemmas/x.lemma:7:10)`.
    package var label: String { "assumption \(number) (\(file):\(line):\(column))" }
}
