/// The verdict of an exploration.
package struct CheckResult: Sendable, CustomStringConvertible {
    /// The property checked.
    package var property: String
    /// The bounds explored.
    package var bounds: Bounds
    /// The shortest counterexample, or `nil` when the property holds within the bounds.
    package var counterexample: Counterexample?
    /// Counts and timing.
    package var statistics: CheckStatistics

    /// Whether the property holds within the bounds.
    package var holds: Bool { counterexample == nil }

    package var description: String {
        let verdict = holds ? "holds within \(bounds)" : "REFUTED within \(bounds)"
        return "\(property): \(verdict)" + (counterexample.map { "\n\($0)" } ?? "")
    }
}
