import Invalidation

/// The value of an invalidation lemma term on concrete views.
package enum InvalidationValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case propertyKind(PropertyKind)
    case equality(ViewEquality)
}
