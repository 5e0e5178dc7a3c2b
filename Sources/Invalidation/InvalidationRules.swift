/// A named choice of invalidation rules: I1–I12 are fixed, the options say which reading of the
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
    /// How a reference to an `Equatable` class is compared (I7).
    public let references: ReferenceComparison
    /// How a struct-valued property with its own `==` is compared (I3).
    public let nested: NestedEquality
    /// Whose reads set a state's read flag (I8).
    public let readFlag: ReadFlagRule
    /// Whether a `@State`'s initial value is compared (I3).
    public let stateInitialValue: StateInitialValueRule
    /// What a change of an `@Observable` object's property runs (I8).
    public let observation: ObservationRule
    /// Whether declared `@Environment` keys are dependencies (I10).
    public let environment: EnvironmentDependency
    /// Whether an object's `send` signals the views observing it (I11).
    public let objectSignals: ObjectSignals
    /// How long an `@StateObject`'s object lives (I12).
    public let stateObjects: StateObjectLifetime
    /// Whether an unchanged POD view under `.equatable()` is equal before its `==` is asked (I4).
    public let equatableView: EquatableViewComparison

    /// Creates a rule set.
    public init(
        name: String, customEquality: CustomEqualityRule, closures: ClosureComparison,
        bindings: BindingComparison, layouts: ComparisonLayouts, mutation: InvalidationMutation? = nil,
        references: ReferenceComparison = .identity, nested: NestedEquality = .bitwise,
        readFlag: ReadFlagRule = .declared, stateInitialValue: StateInitialValueRule = .ignored,
        observation: ObservationRule = .signalOnly,
        environment: EnvironmentDependency = .undeclared, objectSignals: ObjectSignals = .handWritten,
        stateObjects: StateObjectLifetime = .eachRender,
        equatableView: EquatableViewComparison = .byEquality
    ) {
        self.name = name
        self.customEquality = customEquality
        self.closures = closures
        self.bindings = bindings
        self.layouts = layouts
        self.mutation = mutation
        self.references = references
        self.nested = nested
        self.readFlag = readFlag
        self.stateInitialValue = stateInitialValue
        self.observation = observation
        self.environment = environment
        self.objectSignals = objectSignals
        self.stateObjects = stateObjects
        self.equatableView = equatableView
    }

    /// What the evidence supports: `equatableUnlessPOD`, closures by context, bindings by location
    /// and value, layouts ready, an `Equatable` class reference by its `==`, a non-POD struct field
    /// by its own `==`, the sticky read flag, a `@State`'s initial value compared, `@Observable`
    /// tracked per property read, declared environment keys compared per key (I10), objects' sends
    /// signalling their observers (I11), state objects made once per identity (I12), an unchanged
    /// POD view under `.equatable()` equal whatever its `==` says (I4).
    public static let runtime = InvalidationRules(
        name: "runtime", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue, layouts: .ready,
        references: .equatable, nested: .equatableUnlessPOD, readFlag: .sticky, stateInitialValue: .compared,
        observation: .propertyReads, environment: .perKey, objectSignals: .fromSends, stateObjects: .oncePerIdentity,
        equatableView: .podBitsFirst)

    /// `runtime` as it was before issue 23's rules, each new option at its old value: every
    /// dependency written by hand (`readFlag: .declared`, `observation: .signalOnly`, no environment
    /// dependency, `signal` instead of an object's sends), a `@State`'s initial value ignored, a
    /// state object taken from every render, every reference compared by identity, every struct
    /// field bit by bit; `.equatable()` as `runtime` (issue 28's reading, not an issue-23 option).
    public static let handWritten = InvalidationRules(
        name: "handWritten", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue, layouts: .ready,
        equatableView: .podBitsFirst)

    /// Seed 003 read literally: closures never equal, bindings by location only, `.equatable()` always by `==`.
    public static let seed003 = InvalidationRules(
        name: "seed003", customEquality: .unlessPOD, closures: .neverEqual, bindings: .locationOnly, layouts: .ready)

    /// The design reading (docs/model.md, docs/invalidation.md "Rule sets and options"): as `seed003`, but a custom `==` is used only under `.equatable()`.
    public static let design = InvalidationRules(
        name: "design", customEquality: .onlyEquatableView, closures: .neverEqual, bindings: .locationOnly,
        layouts: .ready)

    /// As `runtime`, before the comparison layouts are built: every comparison is bitwise.
    public static let layoutsPending = InvalidationRules(
        name: "layoutsPending", customEquality: .unlessPOD, closures: .byContext, bindings: .locationAndValue,
        layouts: .pending, readFlag: .sticky, stateInitialValue: .compared, observation: .propertyReads,
        environment: .perKey, objectSignals: .fromSends, stateObjects: .oncePerIdentity, equatableView: .podBitsFirst)

    /// Every named rule set.
    public static let all: [InvalidationRules] = [.runtime, .seed003, .design, .layoutsPending, .handWritten]

    /// The rule set with this name, or `nil`.
    public static func named(_ name: String) -> InvalidationRules? { all.first { $0.name == name } }

    /// This rule set with one rule deliberately broken.
    public func mutated(_ mutation: InvalidationMutation) -> InvalidationRules {
        copy(name: "\(name)+\(mutation.rawValue)", mutation: mutation)
    }

    /// These options under another name, without their mutation.
    public func renamed(_ newName: String) -> InvalidationRules { copy(name: newName, mutation: nil) }

    /// These options and this name, without the mutation.
    public func droppingMutation() -> InvalidationRules { copy(name: name, mutation: nil) }

    /// This rule set named `name` with `mutation`, the options given changed and every other kept:
    /// the one function that copies a rule set, so that no copy can drop an option (each `init`
    /// parameter with a default is one a copy could lose). A new option is a parameter and an
    /// argument here.
    public func copy(
        name: String, mutation: InvalidationMutation?,
        customEquality: CustomEqualityRule? = nil,
        closures: ClosureComparison? = nil,
        bindings: BindingComparison? = nil,
        layouts: ComparisonLayouts? = nil,
        references: ReferenceComparison? = nil,
        nested: NestedEquality? = nil,
        readFlag: ReadFlagRule? = nil,
        stateInitialValue: StateInitialValueRule? = nil,
        observation: ObservationRule? = nil,
        environment: EnvironmentDependency? = nil,
        objectSignals: ObjectSignals? = nil,
        stateObjects: StateObjectLifetime? = nil,
        equatableView: EquatableViewComparison? = nil
    ) -> InvalidationRules {
        InvalidationRules(
            name: name,
            customEquality: customEquality ?? self.customEquality,
            closures: closures ?? self.closures,
            bindings: bindings ?? self.bindings,
            layouts: layouts ?? self.layouts,
            mutation: mutation,
            references: references ?? self.references,
            nested: nested ?? self.nested,
            readFlag: readFlag ?? self.readFlag,
            stateInitialValue: stateInitialValue ?? self.stateInitialValue,
            observation: observation ?? self.observation,
            environment: environment ?? self.environment,
            objectSignals: objectSignals ?? self.objectSignals,
            stateObjects: stateObjects ?? self.stateObjects,
            equatableView: equatableView ?? self.equatableView)
    }

    public var description: String { name }
}
