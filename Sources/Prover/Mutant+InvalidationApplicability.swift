import IdentityModel
import Invalidation

extension Mutant {
    /// Whether this mutant may change the verdict of an invalidation item with `footprint`: false
    /// only when the item cannot reach the place where the mutant's rule reads its mutation
    /// (`InvalidationRules+Rules.swift`, and its Z3 copies `InvalidationEncoding`, `GroundInvalidation`).
    /// An identity mutant reaches an invalidation item only through the identities of its views (the
    /// elements of the steps above them, `RuleSet.childIdentity`: the scenario runner keeps `@State`
    /// per identity itself, so R1's and R7–R9's store is not read) and a lemma's realizability premise.
    func canChange(_ footprint: InvalidationFootprint) -> Bool {
        switch self {
        case .identity(let mutation):
            if footprint.readsRealizabilityPremise, mutation == .anyViewAlwaysRebuilds || mutation == .transientReadsIgnored {
                return true
            }
            if footprint.revivalMutants.contains(mutation) { return true }
            let kinds = stepKinds ?? (mutation == .transientReadsIgnored ? [.conditional] : [])
            return !footprint.stepKinds.isDisjoint(with: kinds)
        case .invalidation(let mutation):
            let kinds = footprint.propertyKinds
            switch mutation {
            case .identityChangeCompared: return true
            case .podHonoursCustomEquality: return footprint.customEquality
            case .equatableViewIgnored, .equatablePODBitsIgnored: return footprint.equatableWrapped
            case .plainDataIgnored: return !kinds.isDisjoint(with: [.plain, .text])
            case .nonPODFieldsAlwaysDiffer: return footprint.nonPOD
            case .stateInitialValueIgnored: return footprint.state
            case .nestedEqualityIgnored, .nestedEqualityAlwaysUsed: return !kinds.isDisjoint(with: [.structure, .podStructure])
            case .closuresCompareEqual: return kinds.contains(.closure)
            case .manualBindingComparesEqual: return kinds.contains(.manualBinding)
            case .referencesAlwaysEqual:
                return !kinds.isDisjoint(with: [.reference, .observed, .equatableReference]) || footprint.stateObjects
            case .equatableReferencesByIdentity: return kinds.contains(.equatableReference)
            case .ownChangeIgnored: return footprint.ownChanges
            case .readFlagNotShared: return footprint.unreadChanges
            case .observationPerObject, .trackingReplacedEachEvaluation, .firedTrackingKept, .skippedBodyReadsTracked, .readsNotRecorded:
                return footprint.observableChanges
            case .equalSetCommits: return footprint.sets
            case .setAppliedAgain, .stateCarriedToNewIdentity: return footprint.sets
            case .childrenAlwaysCompared: return footprint.children
            case .environmentComparedWhole: return footprint.environmentKeys
            case .environmentObjectsIgnored: return footprint.environmentObjects
            case .stateObjectRemade: return footprint.stateObjects
            }
        }
    }
}
