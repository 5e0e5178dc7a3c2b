/// A named choice of identity rules: the rules R1–R10 are fixed, the options say which variant
/// of the runtime is modelled.
public struct RuleSet: Hashable, Sendable, CustomStringConvertible {
    /// The name lemmas use to select it.
    public let name: String
    /// How identity passes through `AnyView` (R5).
    public let anyView: AnyViewRule
    /// Lazy containers keep the state of removed children and revive it (R7).
    public let lazyRetention: Bool
    /// The containers whose item cache retains removed children (R7, R9); docs/rules.md#r7 gives the
    /// evidence for each. A container not listed behaves like `VStack` for retention.
    public let retainingContainers: Set<ContainerKind>
    /// Lazy containers evict removed children, overriding retention (R9).
    public let lazyEviction: Bool
    /// A body reads each binding once per render; `false` models iOS 18.0 (seed 000 Finding 4).
    public let atomicBodyReads: Bool
    /// A deliberately broken rule, or `nil` for the real rules.
    public let mutation: RuleMutation?
    /// Whether `AnyView(AnyView(v))` is one erasure of `v`'s type (R5).
    public let nestedAnyView: NestedAnyViewRule
    /// A lazy container's cache holds only its own list's items: a view removed inside an eager child
    /// of it (the child staying) comes back fresh (R7, docs/rules.md open question 2). Off in every
    /// named set, which retain every view below a retaining container.
    public let itemLevelRetention: Bool

    /// Creates a rule set. A mutation's wrong choice of an option wins over the option given (see
    /// `mutated(_:)`), so that no rule set carries a mutation flag with options its mutant lacks.
    public init(
        name: String, anyView: AnyViewRule, lazyRetention: Bool, lazyEviction: Bool, atomicBodyReads: Bool,
        retainingContainers: Set<ContainerKind> = RuleSet.evidencedRetainingContainers, mutation: RuleMutation? = nil,
        nestedAnyView: NestedAnyViewRule = .layered, itemLevelRetention: Bool = false
    ) {
        self.name = name
        self.anyView = mutation == .anyViewAlwaysRebuilds ? .opaque : anyView
        self.lazyRetention = lazyRetention
        self.retainingContainers = retainingContainers
        self.lazyEviction = mutation == .evictionIgnored ? false : lazyEviction
        self.atomicBodyReads = mutation == .transientReadsIgnored ? true : atomicBodyReads
        self.mutation = mutation
        self.nestedAnyView = mutation == .anyViewNotUnwrapped ? .layered : nestedAnyView
        self.itemLevelRetention = itemLevelRetention
    }

    /// The containers with evidence that they retain removed children: `LazyVStack` (seed 001
    /// experiment 3, observed on iOS 17.0.1) and `LazyHStack` (the lazy-stack family seed 001 quotes
    /// from *A Companion for SwiftUI*: "lazy stacks and grids … their states will remain in
    /// memory"). `List` has no such evidence (seed 001 experiment 6 shows only keyed rows following
    /// their keys) and OpenSwiftUI implements none of the three: docs/rules.md#r7.
    public static let evidencedRetainingContainers: Set<ContainerKind> = [.LazyVStack, .LazyHStack]

    /// The iOS 17-era runtime: `AnyView` by erased type (a nested one unwrapped), lazy retention, no
    /// eviction, atomic reads.
    public static let runtime = RuleSet(
        name: "runtime", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true,
        nestedAnyView: .unwrapped)

    /// Seed 000's model: as `runtime`, but `AnyView` is opaque.
    public static let documented = RuleSet(
        name: "documented", anyView: .opaque, lazyRetention: true, lazyEviction: false, atomicBodyReads: true)

    /// iOS 18.0: as `runtime`, but a body that reads a binding twice can see a transient value.
    public static let ios18_0 = RuleSet(
        name: "ios18_0", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: false,
        nestedAnyView: .unwrapped)

    /// iOS 18.4: as `runtime`, with atomic reads restored.
    public static let ios18_4 = RuleSet(
        name: "ios18_4", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true,
        nestedAnyView: .unwrapped)

    /// As `runtime`, but lazy containers evict removed children instead of retaining them (R9), as
    /// later OS versions may.
    public static let evicting = RuleSet(
        name: "evicting", anyView: .erasedType, lazyRetention: true, lazyEviction: true, atomicBodyReads: true,
        nestedAnyView: .unwrapped)

    /// As `runtime`, but `AnyView(AnyView(v))` is two layers, the outer erasing `AnyView`: the model
    /// before `AnyView.init`'s unwrapping was read (docs/rules.md#r5).
    public static let anyViewLayered = RuleSet(
        name: "anyViewLayered", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true)

    /// Every named rule set.
    public static let all: [RuleSet] = [.runtime, .documented, .ios18_0, .ios18_4, .evicting, .anyViewLayered]

    /// The rule set with this name, or `nil`.
    public static func named(_ name: String) -> RuleSet? { all.first { $0.name == name } }

    /// This rule set with one rule deliberately broken. Mutants that are a wrong choice of an option
    /// set that option (`init`), so every copy of the rules (the semantics, the checker, both Z3
    /// encodings) follows them without a case of its own.
    public func mutated(_ mutation: RuleMutation) -> RuleSet { copy(name: "\(name)+\(mutation.rawValue)", mutation: mutation) }

    /// These options under another name, without their mutation.
    public func renamed(_ newName: String) -> RuleSet { copy(name: newName, mutation: nil) }

    /// These rules with the mutation's flag dropped and every option kept: the elements of a mutant
    /// that changes how identities accumulate rather than any element (`idOverridesStructure`).
    public func droppingMutationFlag() -> RuleSet { copy(name: name, mutation: nil) }

    /// This rule set named `name` with `mutation`, the options given changed and every other kept:
    /// the one function that copies a rule set, so that no copy can drop a field (each `init`
    /// parameter with a default is one a copy could lose). A new field is a parameter and an
    /// argument here.
    public func copy(
        name: String, mutation: RuleMutation?,
        anyView: AnyViewRule? = nil,
        lazyRetention: Bool? = nil,
        lazyEviction: Bool? = nil,
        atomicBodyReads: Bool? = nil,
        retainingContainers: Set<ContainerKind>? = nil,
        nestedAnyView: NestedAnyViewRule? = nil,
        itemLevelRetention: Bool? = nil
    ) -> RuleSet {
        RuleSet(
            name: name,
            anyView: anyView ?? self.anyView,
            lazyRetention: lazyRetention ?? self.lazyRetention,
            lazyEviction: lazyEviction ?? self.lazyEviction,
            atomicBodyReads: atomicBodyReads ?? self.atomicBodyReads,
            retainingContainers: retainingContainers ?? self.retainingContainers,
            mutation: mutation,
            nestedAnyView: nestedAnyView ?? self.nestedAnyView,
            itemLevelRetention: itemLevelRetention ?? self.itemLevelRetention)
    }

    /// These rules without their name: equal for two sets that differ in name only (`ios18_4` and
    /// `runtime`), so work that depends on the rules alone is done once for both. Made by `copy`, so
    /// that it keeps every option (it once dropped `itemLevelRetention`: FINDINGS.md 71).
    public var unnamed: RuleSet { copy(name: "", mutation: mutation) }

    public var description: String { name }
}
