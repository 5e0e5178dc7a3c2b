import IdentityModel
import Invalidation

/// An option a rule-set file block may set (Lemmas/README.md, "Rule-set files"), with the layer it
/// belongs to and the values it takes.
package enum RuleSetOption: String, CaseIterable, Hashable, Sendable {
    case anyView, lazyRetention, lazyEviction, atomicBodyReads, retainingContainers, mutation
    case customEquality, closures, bindings, layouts, invalidationMutation
    case references, nested
    case readFlag, stateInitialValue, observation
    case nestedAnyView, itemLevelRetention
    case environment, objectSignals, stateObjects
    case equatableView

    /// Whether the option is an invalidation option (I1–I12) rather than an identity one (R1–R10).
    package var isInvalidation: Bool {
        switch self {
        case .anyView, .lazyRetention, .lazyEviction, .atomicBodyReads, .retainingContainers, .mutation, .nestedAnyView,
            .itemLevelRetention:
            return false
        case .customEquality, .closures, .bindings, .layouts, .invalidationMutation, .references, .nested, .readFlag,
            .stateInitialValue, .observation, .environment, .objectSignals, .stateObjects, .equatableView:
            return true
        }
    }

    /// Whether the value is a list (`[A, B]`) rather than one word.
    package var takesList: Bool { self == .retainingContainers }

    /// The words the option accepts (for a list, the words its elements may be).
    package var values: [String] {
        switch self {
        case .anyView: return [AnyViewRule.erasedType, .opaque].map(\.rawValue)
        case .lazyRetention, .lazyEviction, .atomicBodyReads, .itemLevelRetention: return ["true", "false"]
        case .retainingContainers: return ContainerKind.allCases.map(\.rawValue)
        case .mutation: return RuleMutation.allCases.map(\.rawValue)
        case .customEquality: return [CustomEqualityRule.unlessPOD, .onlyEquatableView].map(\.rawValue)
        case .closures: return [ClosureComparison.neverEqual, .byContext].map(\.rawValue)
        case .bindings: return [BindingComparison.locationAndValue, .locationOnly].map(\.rawValue)
        case .layouts: return [ComparisonLayouts.ready, .pending].map(\.rawValue)
        case .invalidationMutation: return InvalidationMutation.allCases.map(\.rawValue)
        case .references: return ReferenceComparison.allCases.map(\.rawValue)
        case .nested: return NestedEquality.allCases.map(\.rawValue)
        case .nestedAnyView: return [NestedAnyViewRule.unwrapped, .layered].map(\.rawValue)
        case .readFlag: return ReadFlagRule.allCases.map(\.rawValue)
        case .stateInitialValue: return StateInitialValueRule.allCases.map(\.rawValue)
        case .observation: return ObservationRule.allCases.map(\.rawValue)
        case .environment: return [EnvironmentDependency.perKey, .undeclared].map(\.rawValue)
        case .objectSignals: return [ObjectSignals.fromSends, .handWritten].map(\.rawValue)
        case .stateObjects: return [StateObjectLifetime.oncePerIdentity, .eachRender].map(\.rawValue)
        case .equatableView: return EquatableViewComparison.allCases.map(\.rawValue)
        }
    }

    /// `rules` with this option set to `words` (already checked against `values`) on a copy;
    /// `rules` itself for an option of the other layer or a mutation (`RuleSetFile` applies those).
    func apply(_ words: [String], to rules: RuleSet) -> RuleSet {
        let word = words.first ?? ""
        let (name, mutation) = (rules.name, rules.mutation)
        switch self {
        case .anyView: return rules.copy(name: name, mutation: mutation, anyView: AnyViewRule(rawValue: word))
        case .lazyRetention: return rules.copy(name: name, mutation: mutation, lazyRetention: word == "true")
        case .lazyEviction: return rules.copy(name: name, mutation: mutation, lazyEviction: word == "true")
        case .atomicBodyReads: return rules.copy(name: name, mutation: mutation, atomicBodyReads: word == "true")
        case .retainingContainers:
            return rules.copy(name: name, mutation: mutation, retainingContainers: Set(words.compactMap(ContainerKind.init(rawValue:))))
        case .nestedAnyView: return rules.copy(name: name, mutation: mutation, nestedAnyView: NestedAnyViewRule(rawValue: word))
        case .itemLevelRetention: return rules.copy(name: name, mutation: mutation, itemLevelRetention: word == "true")
        case .mutation, .customEquality, .closures, .bindings, .layouts, .invalidationMutation, .references, .nested, .readFlag,
            .stateInitialValue, .observation, .environment, .objectSignals, .stateObjects, .equatableView:
            return rules
        }
    }

    /// `rules` with this option set to `word` (already checked against `values`) on a copy;
    /// `rules` itself for an option of the other layer or a mutation (`RuleSetFile` applies those).
    func apply(_ word: String, to rules: InvalidationRules) -> InvalidationRules {
        let (name, mutation) = (rules.name, rules.mutation)
        switch self {
        case .customEquality: return rules.copy(name: name, mutation: mutation, customEquality: CustomEqualityRule(rawValue: word))
        case .closures: return rules.copy(name: name, mutation: mutation, closures: ClosureComparison(rawValue: word))
        case .bindings: return rules.copy(name: name, mutation: mutation, bindings: BindingComparison(rawValue: word))
        case .layouts: return rules.copy(name: name, mutation: mutation, layouts: ComparisonLayouts(rawValue: word))
        case .references: return rules.copy(name: name, mutation: mutation, references: ReferenceComparison(rawValue: word))
        case .nested: return rules.copy(name: name, mutation: mutation, nested: NestedEquality(rawValue: word))
        case .readFlag: return rules.copy(name: name, mutation: mutation, readFlag: ReadFlagRule(rawValue: word))
        case .stateInitialValue:
            return rules.copy(name: name, mutation: mutation, stateInitialValue: StateInitialValueRule(rawValue: word))
        case .observation: return rules.copy(name: name, mutation: mutation, observation: ObservationRule(rawValue: word))
        case .environment: return rules.copy(name: name, mutation: mutation, environment: EnvironmentDependency(rawValue: word))
        case .objectSignals: return rules.copy(name: name, mutation: mutation, objectSignals: ObjectSignals(rawValue: word))
        case .stateObjects: return rules.copy(name: name, mutation: mutation, stateObjects: StateObjectLifetime(rawValue: word))
        case .equatableView: return rules.copy(name: name, mutation: mutation, equatableView: EquatableViewComparison(rawValue: word))
        case .anyView, .lazyRetention, .lazyEviction, .atomicBodyReads, .retainingContainers, .mutation, .nestedAnyView,
            .itemLevelRetention, .invalidationMutation:
            return rules
        }
    }
}
