extension InvalidationRules {
    /// I7 for a reference to an `Equatable` class: under `references: .equatable` equal iff it is
    /// the same object or the class's `==` says equal (`oldValue == newValue`, each object's state
    /// when the comparison runs); under `.identity` (and the mutant `equatableReferencesByIdentity`)
    /// iff it is the same object, as any reference.
    public func i7EquatableReferenceEqual(oldObject: Int, oldValue: Int, newObject: Int, newValue: Int) -> Bool {
        if mutation == .referencesAlwaysEqual { return true }
        let byEquality = references == .equatable && mutation != .equatableReferencesByIdentity
        return oldObject == newObject || (byEquality && oldValue == newValue)
    }
}
