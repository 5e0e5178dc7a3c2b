/// The verdict of an exploration.
public struct CheckResult: Sendable, CustomStringConvertible {
    /// The property checked.
    public var property: String
    /// The bounds explored.
    public var bounds: Bounds
    /// The shortest counterexample, or `nil` when the property holds within the bounds.
    public var counterexample: Counterexample?
    /// Counts and timing.
    public var statistics: CheckStatistics

    /// Whether the property holds within the bounds.
    public var holds: Bool { counterexample == nil }

    public var description: String {
        let verdict = holds ? "holds within \(bounds)" : "REFUTED within \(bounds)"
        return "\(property): \(verdict)" + (counterexample.map { "\n\($0)" } ?? "")
    }
}
