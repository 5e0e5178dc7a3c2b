/// A deliberately broken rule, used to show that a proof depends on the rules it assumes.
public enum RuleMutation: String, CaseIterable, Hashable, Sendable {
    /// A tuple child's element is `slot(presentBefore)`: an `if` shifts later siblings (breaks R3).
    case optionalShiftsSiblings
    /// `.id(k)` replaces the structural path above it: identity restarts at `explicit(k)` (breaks R6).
    case idOverridesStructure
    /// Both arms of an `if`/`else` contribute `arm(true)` (breaks R4).
    case armsShareIdentity
    /// A modifier's argument is part of its element (breaks R2, R10).
    case modifierValueInIdentity
    /// A `ForEach` row's element is its offset, not its key (breaks R8).
    case forEachByOffset
    /// A surviving state is re-initialised from the new `initialValue` (breaks R1).
    case reReadInitialValue
    /// `AnyView` contributes the same element whatever it wraps and whenever it renders (breaks R5).
    case anyViewIgnoresType
    /// No container keeps the state of a removed view: lazy containers forget it too (breaks R7).
    case noRetention
    /// Every container keeps the state of a removed view and none evicts it (breaks R7's eager case
    /// and R9).
    case retentionIgnoresContainer
}
