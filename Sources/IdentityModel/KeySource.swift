/// Where a `ForEach` takes its row keys from (R8).
public enum KeySource: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `ForEach(items)` over `Identifiable` elements: the key is the element's `id`.
    case identifiable
    /// `ForEach(items, id: \.id)`: the key is a property of the element.
    case keyPath
    /// `ForEach(values, id: \.self)`: the key is the element's value.
    case `self`
    /// `ForEach(0..<n, id: \.self)`: the key is the row's index.
    case indices
    /// `ForEach(0..<n)` with a constant range: the row count must never change.
    case constantRange

    /// Whether the key of a row is always its offset.
    public var keysAreOffsets: Bool { self == .indices || self == .constantRange }

    public var description: String { rawValue }
}
