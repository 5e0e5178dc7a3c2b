extension InvalidationRules {
    /// I3 for a struct-valued property: the same type and fields, compared bit by bit (every field
    /// by value); under `nested: .equatableUnlessPOD` with layouts ready a non-POD struct with its
    /// own `==` is compared by that `==` (the fields it reads) instead. The mutant `nestedEqualityIgnored` compares every
    /// struct bit by bit, `nestedEqualityAlwaysUsed` every struct by its `==`.
    public func i3NestedEqual(_ old: StructureValue, _ new: StructureValue) -> Bool {
        guard old.type == new.type, old.fields.map(\.name) == new.fields.map(\.name), old.reads == new.reads else {
            return false
        }
        // Without a custom `==` the compared fields are all of them, so either branch is bitwise.
        let byEquality = mutation == .nestedEqualityAlwaysUsed || (nonPODStructsByEquality && !new.isPOD)
        return byEquality ? old.comparedFields == new.comparedFields : old.fields == new.fields
    }

    /// Whether the graph compares a non-POD struct field by its own `==`: under `nested:
    /// .equatableUnlessPOD` once layouts are ready (before, every comparison is bitwise), or under
    /// the mutant `nestedEqualityAlwaysUsed`; never under `nestedEqualityIgnored`.
    public var nonPODStructsByEquality: Bool {
        mutation == .nestedEqualityAlwaysUsed
            || (nested == .equatableUnlessPOD && layouts == .ready && mutation != .nestedEqualityIgnored)
    }

    /// I4 for a struct-valued property that a view's own `==` reads: Swift calls the struct's `==`
    /// (every field when it declares none), whatever `nested` says of the graph's comparison.
    public func i4NestedEqual(_ old: StructureValue, _ new: StructureValue) -> Bool {
        old.type == new.type && old.fields.map(\.name) == new.fields.map(\.name) && old.reads == new.reads
            && old.isPOD == new.isPOD && old.comparedFields == new.comparedFields
    }
}
