/// How a closure property compares (I5).
public enum ClosureComparison: String, Hashable, Sendable {
    /// Seed 003: a closure never compares equal.
    case neverEqual
    /// A bitwise comparison of the function and its context: a closure that captures nothing
    /// compares equal, one with a context never does (a new context each body evaluation).
    case byContext
}
