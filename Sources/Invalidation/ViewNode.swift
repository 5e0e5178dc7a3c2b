import IdentityModel

/// One custom view in one render: the constructs between its parent's body and it, its value,
/// what changed in its own state and dependencies since the previous render, and the custom views
/// its body makes.
public struct ViewNode: Hashable, Sendable {
    /// The node's fields, shared by its copies until one of them changes a field (copy on write):
    /// evaluators and tree builders copy nodes far more often than they change them, and a copy is
    /// then one reference.
    private var storage: Storage

    /// The name scenarios use for this view (`row`).
    public var label: String {
        get { storage.fields.label }
        set { unique().fields.label = newValue }
    }
    /// The constructs from the parent's body down to this view; identity follows R1–R10 over them.
    public var steps: [PathStep] {
        get { storage.fields.steps }
        set { unique().fields.steps = newValue }
    }
    /// The view value the parent built this render.
    public var value: ViewValue {
        get { storage.fields.value }
        set { unique().fields.value = newValue }
    }
    /// Its own `@State` since the previous render.
    public var stateChange: StateChange {
        get { storage.fields.stateChange }
        set { unique().fields.stateChange = newValue }
    }
    /// Whether an observed dependency signalled a change since the previous render.
    public var dependencyChanged: Bool {
        get { storage.fields.dependencyChanged }
        set { unique().fields.dependencyChanged = newValue }
    }
    /// The custom views its body makes.
    public var children: [ViewNode] {
        get { storage.fields.children }
        set { unique().fields.children = newValue }
    }
    /// Whether its `@State`'s storage had its sticky read flag set before this render: a read of
    /// `state` written in its body, or a binding to it held by a view, in a render since the
    /// identity began (I8, `InvalidationRules.i8StateChange`).
    public var locationWasRead: Bool {
        get { storage.fields.locationWasRead }
        set { unique().fields.locationWasRead = newValue }
    }
    /// Whether a committed change since the previous render hit an `@Observable` property its body
    /// read in its last evaluation (`observedReadChanged`), or any property of an object it read
    /// one of (`observedObjectChanged`).
    public var observedReadChanged: Bool {
        get { storage.fields.observedReadChanged }
        set { unique().fields.observedReadChanged = newValue }
    }
    public var observedObjectChanged: Bool {
        get { storage.fields.observedObjectChanged }
        set { unique().fields.observedObjectChanged = newValue }
    }
    /// The `@Observable` properties its body reads when it runs this render (what it adds to its
    /// tracking); printed in its body (`let _ = observable(1).a`), read by no rule.
    public var observedReads: Set<ObservedProperty> {
        get { storage.fields.observedReads }
        set { unique().fields.observedReads = newValue }
    }
    /// The `@Observable` properties with a committed change since the previous render, each with
    /// the value it was set to (a scenario's `set observable(1).a = 2`); the same for every view
    /// that carries them. Printed and replayed; no rule reads them (`observedReadChanged` says what
    /// they did to this view).
    public var observableChanges: [ObservedProperty: Int] {
        get { storage.fields.observableChanges }
        set { unique().fields.observableChanges = newValue }
    }
    /// The environment reaching it: each key written by an `.environment(\.key, v)` above it, on
    /// its path from the root (the innermost write wins); a key absent holds its default (I10).
    public var environment: [String: Int] {
        get { storage.fields.environment }
        set { unique().fields.environment = newValue }
    }
    /// The `@EnvironmentObject`s reaching it: each type written by `.environmentObject(model(n) as T)`
    /// above it, to the object `n` (the innermost write wins, I11).
    public var environmentObjects: [String: Int] {
        get { storage.fields.environmentObjects }
        set { unique().fields.environmentObjects = newValue }
    }
    /// The objects that sent `objectWillChange` (`send model(n)`) since the previous render (I11).
    public var objectsSent: [Int] {
        get { storage.fields.objectsSent }
        set { unique().fields.objectsSent = newValue }
    }

    /// Creates a node.
    public init(
        _ label: String, steps: [PathStep] = [], value: ViewValue, stateChange: StateChange = .none,
        dependencyChanged: Bool = false, environment: [String: Int] = [:], environmentObjects: [String: Int] = [:],
        objectsSent: [Int] = [], children: [ViewNode] = [], locationWasRead: Bool = false,
        observedReadChanged: Bool = false, observedObjectChanged: Bool = false, observedReads: Set<ObservedProperty> = [],
        observableChanges: [ObservedProperty: Int] = [:]
    ) {
        storage = Storage(
            Fields(label: label, steps: steps, value: value, stateChange: stateChange, dependencyChanged: dependencyChanged,
                children: children, locationWasRead: locationWasRead, observedReadChanged: observedReadChanged,
                observedObjectChanged: observedObjectChanged, observedReads: observedReads, observableChanges: observableChanges,
                environment: environment, environmentObjects: environmentObjects, objectsSent: objectsSent))
    }

    /// The stored fields of a node.
    private struct Fields: Hashable, Sendable {
        var label: String
        var steps: [PathStep]
        var value: ViewValue
        var stateChange: StateChange
        var dependencyChanged: Bool
        var children: [ViewNode]
        var locationWasRead: Bool
        var observedReadChanged: Bool
        var observedObjectChanged: Bool
        var observedReads: Set<ObservedProperty>
        var observableChanges: [ObservedProperty: Int]
        var environment: [String: Int]
        var environmentObjects: [String: Int]
        var objectsSent: [Int]
    }

    /// The box its copies share; changed only through `unique()`, so never while shared.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    /// The storage, first copied if another node shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (lhs: ViewNode, rhs: ViewNode) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// This view and every view below it, each before its children, children in order.
    package var preorder: [ViewNode] {
        var result: [ViewNode] = []
        var pending = [self]
        while let node = pending.popLast() {
            result.append(node)
            pending += node.children.reversed()
        }
        return result
    }
}
