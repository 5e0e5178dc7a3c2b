/// An `assume` line of a lemma, as explain reports name it: its number, where it is written, and
/// its text.
public struct AssumptionReference: Hashable, Sendable {
    /// 1-based, in the order the lemma states its assumptions.
    public var number: Int
    /// The lemma file, as the report names it.
    public var file: String
    public var line: Int
    public var column: Int
    /// The assumption, fully parenthesised.
    public var text: String

    /// `assumption 2 (Lemmas/x.lemma:7:10)`.
    public var label: String { "assumption \(number) (\(file):\(line):\(column))" }
}
