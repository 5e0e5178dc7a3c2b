extension InvalidationRules {
    /// I7 for a reference to an `Equatable` class: under `references: .equatable` (layouts ready) equal iff it is
    /// the same object or the class's `==` says equal (`oldValue == newValue`, each object's state
    /// when the comparison runs); under `.identity` (and the mutant `equatableReferencesByIdentity`)
    /// iff it is the same object, as any reference.
    public func i7EquatableReferenceEqual(oldObject: Int, oldValue: Int, newObject: Int, newValue: Int) -> Bool {
        if mutation == .referencesAlwaysEqual { return true }
        return oldObject == newObject || (equatableReferencesByEquality && oldValue == newValue)
    }

    /// Whether the graph consults an `Equatable` class's `==`: under `references: .equatable` once
    /// layouts are ready (before, every comparison is bitwise: the pointer), and not under the
    /// mutant `equatableReferencesByIdentity`.
    public var equatableReferencesByEquality: Bool {
        references == .equatable && layouts == .ready && mutation != .equatableReferencesByIdentity
    }
}
