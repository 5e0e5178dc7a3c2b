/// A field of a whole path (Lemmas/README.md): `p.length`, `p.leafType`, ….
public enum PathField: String, Hashable, Sendable, CaseIterable {
    case length, leafType, identity, initial, state

    /// The sort of the field's value.
    public var sort: LogicSort {
        switch self {
        case .length, .initial, .state: return .int
        case .leafType: return .viewType
        case .identity: return .identity
        }
    }
}
