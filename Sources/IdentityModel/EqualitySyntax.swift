/// A custom view's `==` as written after its call.
public enum EqualitySyntax: Hashable, Sendable {
    /// One property `reads(…)` names, with the ascending thresholds that classify it (empty:
    /// compared by value).
    public struct Reading: Hashable, Sendable {
        /// The property's name.
        public var name: String
        /// The thresholds, ascending.
        public var thresholds: [Int]

        /// Creates a reading.
        public init(_ name: String, thresholds: [Int] = []) {
            self.name = name
            self.thresholds = thresholds
        }
    }

    /// `== true`.
    case alwaysTrue
    /// `== false`.
    case alwaysFalse
    /// `== reads(p, q / [0, 15, 25])`.
    case reads([Reading])
}
