/// What the author expects: a proof (`holds`) or a counterexample (`refuted`).
public enum Expectation: String, CaseIterable, Hashable, Sendable {
    case holds
    case refuted
}
