/// A value's fields in one box that its copies share until one of them changes a field (copy on
/// write): for values copied far more often than changed (`ViewNode`, `ViewLink`), a copy is then
/// one reference instead of a retain of every field. Equality and hashing read the fields, never
/// the box.
///
/// Inlinable so that a literal key path at a use in another module folds into a direct access.
@usableFromInline
package struct CopyOnWrite<Fields: Hashable & Sendable>: Hashable, Sendable {
    @usableFromInline var box: Box

    /// Fields in a box of their own.
    @inlinable package init(_ fields: Fields) { box = Box(fields) }

    /// One field: read from the shared box, written to this value's own box, which is first copied
    /// if another value shares it.
    @inlinable package subscript<Field>(field: WritableKeyPath<Fields, Field>) -> Field {
        get { box.fields[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            box.fields[keyPath: field] = newValue
        }
    }

    @inlinable package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    @inlinable package func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// The box copies share; written only once `isKnownUniquelyReferenced`, so never while shared.
    @usableFromInline final class Box: @unchecked Sendable {
        @usableFromInline var fields: Fields

        @inlinable init(_ fields: Fields) { self.fields = fields }
    }
}
