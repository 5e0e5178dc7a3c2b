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
    /// A change of the view's own state or dependency (a declared environment key's included: I10
    /// is a dependency) does not run its body (breaks I8).
    case ownChangeIgnored
    /// A child is compared even when its parent's body did not run (breaks I9); reached whatever
    /// its parent did, so it may be handed a new identity or new values (`ViewLink.isRealizable`
    /// drops that half).
    case childrenAlwaysCompared
    /// A reference to an `Equatable` class is compared by identity, its `==` ignored, whatever
    /// `references` says (breaks I7's `Equatable` reading).
    case equatableReferencesByIdentity
    /// A non-POD struct field's own `==` is ignored: every struct field is compared bit by bit,
    /// whatever `nested` says (breaks I3's nested reading).
    case nestedEqualityIgnored
    /// Every struct field's own `==` is used, a POD struct's included, whatever `nested` says
    /// (breaks I3's bit-by-bit half).
    case nestedEqualityAlwaysUsed
    /// A state's read flag is only what the change declares: a binding to it or a read written in
    /// its owner's body does not set it (breaks I8's sticky flag under `readFlag: .sticky`).
    case readFlagNotShared
    /// A `@State`'s initial value always compares equal (breaks I3 under `stateInitialValue: .compared`).
    case stateInitialValueIgnored
    /// A change of any property of an `@Observable` object runs every body that read one of its
    /// properties, as if tracking were per object (breaks I8 under `observation: .propertyReads`).
    case observationPerObject
    /// A view that declares an `@Environment` key runs when any environment key reaching it
    /// changed, not only the keys it declares (breaks I10's per-key comparison).
    case environmentComparedWhole
    /// An object's `send` does not reach a view that finds it through `@EnvironmentObject`, only
    /// through `@ObservedObject` (breaks I11).
    case environmentObjectsIgnored
    /// An `@StateObject` takes its initialiser's object on every render (breaks I12).
    case stateObjectRemade
    /// A non-POD view compared field by field always compares different, as if its fields could
    /// not be compared (breaks I3's field-by-field comparison of a non-POD view).
    case nonPODFieldsAlwaysDiffer
    /// `.equatable()` asks the `==` of a POD view whose fields are all unchanged (breaks I4 under
    /// `equatableView: .podBitsFirst`).
    case equatablePODBitsIgnored
    /// A set of the value a state holds commits, as a setter that does not compare would, so it
    /// is a change at the next render (breaks I8's `i8SetCommits`).
    case equalSetCommits
    /// A body that runs again replaces its `@Observable` tracking with what it read this time
    /// instead of merging it into the tracking it kept (breaks I8's `i8Tracking`).
    case trackingReplacedEachEvaluation
    /// A tracking a change fired is kept, the new evaluation's reads merged into it, as if firing
    /// did not remove it (breaks I8's `i8Tracking`).
    case firedTrackingKept
    /// A body that did not run still adds what its body reads to its tracking, as if the registrar
    /// tracked the reads of an evaluation that never happened (breaks I8's `i8Tracking`: one that
    /// did not run keeps its list).
    case skippedBodyReadsTracked
    /// A body that ran does not add what it read to its tracking, so the next render tracks only
    /// what it kept (breaks I8's `i8Tracking`: an evaluation installs a tracking of what it
    /// accessed, `installObservationSlow`).
    case readsNotRecorded
    /// A committed set is applied again at every later render while its identity survives, each
    /// time compared with the value held before it, so it is a change at every later transition
    /// (breaks I8's `i8StateAfter`: after its set the state simply holds the value set).
    case setAppliedAgain
    /// A set made at a transition its view's identity does not survive reaches the new identity's
    /// storage one render late, a change at the next transition when it differs from the value
    /// that storage holds (breaks I8's `i8StateAfter` with I1: the set went to the old storage and
    /// the new view's state is fresh).
    case stateCarriedToNewIdentity

    /// The rule it breaks: `I1` … `I12`.
    public var rule: String {
        switch self {
        case .identityChangeCompared: return "I1"
        case .podHonoursCustomEquality: return "I2"
        case .plainDataIgnored, .stateInitialValueIgnored, .nonPODFieldsAlwaysDiffer: return "I3"
        case .equatableViewIgnored, .equatablePODBitsIgnored: return "I4"
        case .closuresCompareEqual: return "I5"
        case .manualBindingComparesEqual: return "I6"
        case .referencesAlwaysEqual: return "I7"
        case .ownChangeIgnored, .readFlagNotShared, .observationPerObject, .equalSetCommits, .trackingReplacedEachEvaluation, .firedTrackingKept,
            .skippedBodyReadsTracked, .readsNotRecorded, .setAppliedAgain, .stateCarriedToNewIdentity:
            return "I8"
        case .childrenAlwaysCompared: return "I9"
        case .equatableReferencesByIdentity: return "I7"
        case .nestedEqualityIgnored, .nestedEqualityAlwaysUsed: return "I3"
        case .environmentComparedWhole: return "I10"
        case .environmentObjectsIgnored: return "I11"
        case .stateObjectRemade: return "I12"
        }
    }
}
