/// A named choice of invalidation rules: I1–I9 are fixed, the options say which reading of the
/// runtime is modelled (docs/invalidation.md, "Rule sets and options").
public struct InvalidationRules: Hashable, Sendable, CustomStringConvertible {
    /// The name it is selected by.
    public let name: String
    /// When a custom `==` is used without `.equatable()` (I2).
    public let customEquality: CustomEqualityRule
    /// How closures compare (I5).
    public let closures: ClosureComparison
    /// How located bindings compare (I6).
    public let bindings: BindingComparison
    /// Whether comparison layouts are ready (I2).
    public let layouts: ComparisonLayouts
    /// A deliberately broken rule, or `nil`.
    public let mutation: InvalidationMutation?
    /// Whether declared `@Environment` keys are dependencies (I10).
    public let environment: EnvironmentDependency
    /// Whether an object's `send` signals the views observing it (I11).
    public let objectSignals: ObjectSignals
    /// How long an `@StateObject`'s object lives (I12).
    public let stateObjects: StateObjectLifetime

    /// Creates a rule set.
    public init(
        name: String, customEquality: CustomEqualityRule, closures: ClosureComparison,
        bindings: BindingComparison, layouts: ComparisonLayouts, mutation: InvalidationMutation? = nil,
        environment: EnvironmentDependency = .undeclared, objectSignals: ObjectSignals = .handWritten,
        stateObjects: StateObjectLifetime = .eachRender
    ) {
        self.name = name
        self.customEquality = customEquality
        self.closures = closures
        self.bindings = bindings
        self.layouts = layouts
        self.mutation = mutation
        self.environment = environment
        self.objectSignals = objectSignals
        self.stateObjects = stateObjects
    }

    /// What the evidence supports: `equatableUnlessPOD`, closures by context, bindings by location
    /// and value, layouts ready, declared environment keys compared per key (I10), objects' sends
    /// signalling their observers (I11), state objects made once per identity (I12).
    public static let runtime = InvalidationRules(
        name: "runtime", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue, layouts: .ready,
        environment: .perKey, objectSignals: .fromSends, stateObjects: .oncePerIdentity)

    /// The rules before the dependencies issue 23 derives: `runtime` with every new option at its
    /// old value (dependencies come only from hand-written `signal`s).
    public static let handWritten = InvalidationRules(
        name: "handWritten", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue, layouts: .ready)

    /// Seed 003 read literally: closures never equal, bindings by location only.
    public static let seed003 = InvalidationRules(
        name: "seed003", customEquality: .unlessPOD, closures: .neverEqual, bindings: .locationOnly, layouts: .ready)

    /// The design reading (docs/model.md, docs/invalidation.md "Rule sets and options"): as `seed003`, but a custom `==` is used only under `.equatable()`.
    public static let design = InvalidationRules(
        name: "design", customEquality: .onlyEquatableView, closures: .neverEqual, bindings: .locationOnly,
        layouts: .ready)

    /// As `runtime`, before the comparison layouts are built: every comparison is bitwise.
    public static let layoutsPending = InvalidationRules(
        name: "layoutsPending", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue,
        layouts: .pending)

    /// Every named rule set.
    public static let all: [InvalidationRules] = [.runtime, .seed003, .design, .layoutsPending, .handWritten]

    /// The rule set with this name, or `nil`.
    public static func named(_ name: String) -> InvalidationRules? { all.first { $0.name == name } }

    /// This rule set with one rule deliberately broken.
    public func mutated(_ mutation: InvalidationMutation) -> InvalidationRules {
        InvalidationRules(
            name: "\(name)+\(mutation.rawValue)", customEquality: customEquality, closures: closures, bindings: bindings,
            layouts: layouts, mutation: mutation, environment: environment, objectSignals: objectSignals,
            stateObjects: stateObjects)
    }

    public var description: String { name }
}
