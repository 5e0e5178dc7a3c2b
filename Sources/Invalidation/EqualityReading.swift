/// What a custom `==` reads of one property: the property itself, or a classification of a
/// plain-data property by thresholds (the temperature range of seed 003: `[0, 15, 25]` gives the
/// categories Freezing, Cold, Moderate, Hot).
public struct EqualityReading: Hashable, Sendable {
    /// The property read.
    public var property: String
    /// The ascending thresholds of the classification; empty: the value itself is compared.
    public var thresholds: [Int]

    /// Creates a reading of `property`, classified by `thresholds` when they are given.
    public init(_ property: String, thresholds: [Int] = []) {
        self.property = property
        self.thresholds = thresholds
    }

    /// The category of a plain value: how many thresholds it reaches, or the value itself.
    public func category(of value: Int) -> Int {
        thresholds.isEmpty ? value : thresholds.filter { value >= $0 }.count
    }
}
