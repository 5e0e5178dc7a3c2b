import IdentityModel
import Invalidation

/// An option a rule-set file block may set (Lemmas/README.md, "Rule-set files"), with the layer it
/// belongs to and the values it takes.
public enum RuleSetOption: String, CaseIterable, Hashable, Sendable {
    case anyView, lazyRetention, lazyEviction, atomicBodyReads, retainingContainers, mutation
    case customEquality, closures, bindings, layouts, invalidationMutation
    case references, nested
    case readFlag, stateInitialValue, observation
    case nestedAnyView
    case environment, objectSignals, stateObjects
    case equatableView

    /// Whether the option is an invalidation option (I1–I9) rather than an identity one (R1–R10).
    public var isInvalidation: Bool {
        switch self {
        case .anyView, .lazyRetention, .lazyEviction, .atomicBodyReads, .retainingContainers, .mutation, .nestedAnyView: return false
        case .customEquality, .closures, .bindings, .layouts, .invalidationMutation, .references, .nested, .readFlag,
            .stateInitialValue, .observation, .environment, .objectSignals, .stateObjects, .equatableView:
            return true
        }
    }

    /// Whether the value is a list (`[A, B]`) rather than one word.
    public var takesList: Bool { self == .retainingContainers }

    /// The words the option accepts (for a list, the words its elements may be).
    public var values: [String] {
        switch self {
        case .anyView: return [AnyViewRule.erasedType, .opaque].map(\.rawValue)
        case .lazyRetention, .lazyEviction, .atomicBodyReads: return ["true", "false"]
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

    /// `rules` with this option set to `words` (already checked against `values`).
    func apply(_ words: [String], to rules: RuleSet) -> RuleSet {
        let word = words.first ?? ""
        return RuleSet(
            name: rules.name,
            anyView: self == .anyView ? AnyViewRule(rawValue: word) ?? rules.anyView : rules.anyView,
            lazyRetention: self == .lazyRetention ? word == "true" : rules.lazyRetention,
            lazyEviction: self == .lazyEviction ? word == "true" : rules.lazyEviction,
            atomicBodyReads: self == .atomicBodyReads ? word == "true" : rules.atomicBodyReads,
            retainingContainers: self == .retainingContainers
                ? Set(words.compactMap(ContainerKind.init(rawValue:))) : rules.retainingContainers,
            mutation: rules.mutation,
            nestedAnyView: self == .nestedAnyView ? NestedAnyViewRule(rawValue: word) ?? rules.nestedAnyView : rules.nestedAnyView)
    }

    /// `rules` with this option set to `word` (already checked against `values`).
    func apply(_ word: String, to rules: InvalidationRules) -> InvalidationRules {
        InvalidationRules(
            name: rules.name,
            customEquality: self == .customEquality ? CustomEqualityRule(rawValue: word) ?? rules.customEquality : rules.customEquality,
            closures: self == .closures ? ClosureComparison(rawValue: word) ?? rules.closures : rules.closures,
            bindings: self == .bindings ? BindingComparison(rawValue: word) ?? rules.bindings : rules.bindings,
            layouts: self == .layouts ? ComparisonLayouts(rawValue: word) ?? rules.layouts : rules.layouts,
            mutation: rules.mutation,
            references: self == .references ? ReferenceComparison(rawValue: word) ?? rules.references : rules.references,
            nested: self == .nested ? NestedEquality(rawValue: word) ?? rules.nested : rules.nested,
            readFlag: self == .readFlag ? ReadFlagRule(rawValue: word) ?? rules.readFlag : rules.readFlag,
            stateInitialValue: self == .stateInitialValue
                ? StateInitialValueRule(rawValue: word) ?? rules.stateInitialValue : rules.stateInitialValue,
            observation: self == .observation ? ObservationRule(rawValue: word) ?? rules.observation : rules.observation,
            environment: self == .environment ? EnvironmentDependency(rawValue: word) ?? rules.environment : rules.environment,
            objectSignals: self == .objectSignals ? ObjectSignals(rawValue: word) ?? rules.objectSignals : rules.objectSignals,
            stateObjects: self == .stateObjects ? StateObjectLifetime(rawValue: word) ?? rules.stateObjects : rules.stateObjects,
            equatableView: self == .equatableView
                ? EquatableViewComparison(rawValue: word) ?? rules.equatableView : rules.equatableView)
    }
}
