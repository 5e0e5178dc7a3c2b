/// The fields of a whole path: `p.length`, `p.leafType`, …
public enum PathField: String, CaseIterable, Hashable, Sendable {
    /// Number of steps (Int).
    case length
    /// The leaf's view type (ViewType).
    case leafType
    /// The identity of the leaf: its path elements, then its type (Identity).
    case identity
    /// The `initialValue` this render passes to `@State` (Int).
    case initial
    /// The value the state holds after this render (Int).
    case state

    /// The field's type.
    public var type: ValueType {
        switch self {
        case .length, .initial, .state: return .int
        case .leafType: return .viewType
        case .identity: return .identity
        }
    }
}
