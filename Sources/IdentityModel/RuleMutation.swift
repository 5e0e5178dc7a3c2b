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
    /// `AnyView` rebuilds its content every render, whatever it wraps: the documented model taken
    /// for the runtime (breaks R5).
    case anyViewAlwaysRebuilds
    /// A body never sees a transient value of a condition it reads twice (breaks seed 000 Finding 4
    /// under iOS 18.0).
    case transientReadsIgnored
    /// Lazy containers never evict, even under a rule set that says they do (breaks R9).
    case evictionIgnored
    /// `.id(k)` contributes the same element whatever `k` is: a new id keeps the state (breaks R6).
    case idValueIgnored
    /// A `ForEach` row contributes the same element whatever its key: a changed key keeps the state
    /// (breaks R8).
    case forEachKeyIgnored
    /// A container contributes the same element whatever its kind: swapping `VStack` for
    /// `LazyVStack` keeps the state.
    case containerKindIgnored
    /// State starts at 0 whatever `initialValue` the first render passes (breaks R1).
    case initialValueIgnored
    /// `AnyView(AnyView(v))` keeps its outer layer, which erases `AnyView`: `AnyView.init`'s unwrapping
    /// ignored (breaks R5).
    case anyViewNotUnwrapped
    /// Duplicate `ForEach` keys are silently merged instead of being undefined behaviour (breaks R8).
    case duplicateKeysMerged
}
