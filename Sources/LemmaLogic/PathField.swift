/// A field of a whole path (Lemmas/README.md): `p.length`, `p.leafType`, ….
package enum PathField: String, Hashable, Sendable, CaseIterable {
    case length, leafType, identity, initial, state
    /// The value the user sets the path's state to right after its render (`mutate p`).
    case set

    /// The sort of the field's value.
    package var sort: LogicSort {
        switch self {
        case .length, .initial, .state, .set: return .int
        case .leafType: return .viewType
        case .identity: return .identity
        }
    }
}
