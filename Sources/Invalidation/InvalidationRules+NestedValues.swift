extension InvalidationRules {
    /// I3 for a struct-valued property: the same type and fields, compared bit by bit (every field
    /// by value); under `nested: .equatableUnlessPOD` a non-POD struct with its own `==` is compared
    /// by that `==` (the fields it reads) instead. The mutant `nestedEqualityIgnored` compares every
    /// struct bit by bit, `nestedEqualityAlwaysUsed` every struct by its `==`.
    public func i3NestedEqual(_ old: StructureValue, _ new: StructureValue) -> Bool {
        guard old.type == new.type, old.fields.map(\.name) == new.fields.map(\.name), old.reads == new.reads else {
            return false
        }
        // Without a custom `==` the compared fields are all of them, so either branch is bitwise.
        let byEquality = mutation == .nestedEqualityAlwaysUsed
            || (nested == .equatableUnlessPOD && mutation != .nestedEqualityIgnored && !new.isPOD)
        return byEquality ? old.comparedFields == new.comparedFields : old.fields == new.fields
    }
}
