/// A field of one stored property of a path's view: `p[k].kind`, `p[k].same`, `p[k].captures`.
package enum PropertyField: String, Hashable, Sendable, CaseIterable {
    /// The property's kind in the new render (`PropertyKind`).
    case kind
    /// The old and new values are the same value of the same kind (a plain value, a closure's
    /// context bit, a binding's location, key path and snapshot, an object): what the property
    /// holds, whatever the rules make of it.
    case same
    /// The new value is a closure that captures context (false for every other kind).
    case captures

    /// The sort of the field's value.
    package var sort: InvalidationSort {
        switch self {
        case .kind: return .propertyKind
        case .same, .captures: return .bool
        }
    }
}
