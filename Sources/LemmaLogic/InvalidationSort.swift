/// The sorts of invalidation lemma terms.
package enum InvalidationSort: String, Hashable, Sendable {
    case bool = "Bool", int = "Int", propertyKind = "PropertyKind", equality = "Equality"
}
