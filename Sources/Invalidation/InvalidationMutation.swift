/// A deliberately broken invalidation rule: each breaks exactly one of I1–I12.
public enum InvalidationMutation: String, CaseIterable, Hashable, Sendable {
    /// A view with a new identity is compared with the previous view of its label (breaks I1); as
    /// if it had survived, so its state may have changed (`ViewLink.isRealizable` drops that half).
    case identityChangeCompared
    /// A POD view's custom `==` is used without `.equatable()` (breaks I2).
    case podHonoursCustomEquality
    /// Plain-data properties always compare equal (breaks I3).
    case plainDataIgnored
    /// `.equatable()` changes nothing (breaks I4).
    case equatableViewIgnored
    /// Closures compare equal (breaks I5).
    case closuresCompareEqual
    /// A `Binding(get:set:)` compares equal when its value is unchanged (breaks I6).
    case manualBindingComparesEqual
    /// References compare equal whatever object they point to (breaks I7).
    case referencesAlwaysEqual
    /// A change of the view's own state or dependency does not run its body (breaks I8).
    case ownChangeIgnored
    /// A child is compared even when its parent's body did not run (breaks I9); reached whatever
    /// its parent did, so it may be handed a new identity or new values (`ViewLink.isRealizable`
    /// drops that half).
    case childrenAlwaysCompared
    /// A view that declares an `@Environment` key runs when any environment key reaching it
    /// changed, not only the keys it declares (breaks I10's per-key comparison).
    case environmentComparedWhole
    /// An object's `send` does not reach a view that finds it through `@EnvironmentObject`, only
    /// through `@ObservedObject` (breaks I11).
    case environmentObjectsIgnored
    /// An `@StateObject` takes its initialiser's object on every render (breaks I12).
    case stateObjectRemade

    /// The rule it breaks: `I1` … `I12`.
    public var rule: String {
        switch self {
        case .identityChangeCompared: return "I1"
        case .podHonoursCustomEquality: return "I2"
        case .plainDataIgnored: return "I3"
        case .equatableViewIgnored: return "I4"
        case .closuresCompareEqual: return "I5"
        case .manualBindingComparesEqual: return "I6"
        case .referencesAlwaysEqual: return "I7"
        case .ownChangeIgnored: return "I8"
        case .childrenAlwaysCompared: return "I9"
        case .environmentComparedWhole: return "I10"
        case .environmentObjectsIgnored: return "I11"
        case .stateObjectRemade: return "I12"
        }
    }
}
