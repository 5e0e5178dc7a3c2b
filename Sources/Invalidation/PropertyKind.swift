/// The kinds of stored property the comparison rules tell apart.
public enum PropertyKind: String, CaseIterable, Hashable, Sendable {
    /// Plain data: Int, Bool, String, Double and structs of them (I3).
    case plain
    /// A closure (I5).
    case closure
    /// A `Binding(get:set:)` (I6).
    case manualBinding
    /// A `$x` binding from `@State`/`@Binding` (I6).
    case projectedBinding
    /// A key-path or subscript-key-path binding (I6).
    case keyPathBinding
    /// A class reference (I7).
    case reference
    /// An `@ObservedObject`/`@Observable` dependency (I7, I8).
    case observed

    /// Whether a view made only of properties of this kind is plain old data (I2).
    public var isPlainData: Bool { self == .plain }
}
