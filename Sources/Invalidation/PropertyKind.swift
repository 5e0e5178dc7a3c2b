/// The kinds of stored property the comparison rules tell apart.
public enum PropertyKind: String, CaseIterable, Hashable, Sendable {
    /// Plain data: Int, Bool, Double and structs of them (I3); trivial, so POD.
    case plain
    /// A `String` (I3): compared by value like plain data, but not trivial (`_isPOD(String.self)`
    /// is false: its `_StringObject` holds a bridge object), so a view holding one is not POD (I2).
    case text
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
    /// A reference to an object of an `Equatable` class (I7): by its `==` under `references:
    /// .equatable`, else by identity.
    case equatableReference
    /// A struct value made only of plain data (I3): compared bit by bit, its own `==` ignored; POD.
    case podStructure
    /// A struct value holding a `String` (I3): by its own `==` under `nested: .equatableUnlessPOD`,
    /// else bit by bit; not POD.
    case structure

    /// Whether the kind is trivial (`_isPOD`): a view without `@State` made only of properties of
    /// such kinds is plain old data (I2). Only `plain` and `podStructure`; a `String` is compared by value (I3) but is
    /// not POD (FINDINGS.md 13).
    public var isPOD: Bool { self == .plain || self == .podStructure }
}
