/// How a stored reference to an object of an `Equatable` class is compared (I7).
public enum ReferenceComparison: String, CaseIterable, Hashable, Sendable {
    /// By identity, like any reference: the same object or not (the model before issue 23).
    case identity
    /// By the class's `==` (the same object, or `==` says equal), as OpenSwiftUI executed
    /// headlessly does (issue 28); a reference to a non-`Equatable` class stays by identity.
    case equatable
}
