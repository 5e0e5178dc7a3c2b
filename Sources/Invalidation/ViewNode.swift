import IdentityModel

/// One custom view in one render: the constructs between its parent's body and it, its value,
/// what changed in its own state and dependencies since the previous render, and the custom views
/// its body makes.
///
/// Its fields (`Fields`) are its members, shared by its copies until one of them changes a field:
/// evaluators and tree builders copy nodes far more often than they change them.
@dynamicMemberLookup
public struct ViewNode: Hashable, Sendable {
    @usableFromInline var storage: CopyOnWrite<Fields>

    /// A field of the node.
    @inlinable public subscript<Field>(dynamicMember field: WritableKeyPath<Fields, Field>) -> Field {
        get { storage[field] }
        set { storage[field] = newValue }
    }

    /// Creates a node.
    public init(
        _ label: String, steps: [PathStep] = [], value: ViewValue, stateChange: StateChange = .none,
        dependencyChanged: Bool = false, environment: [String: Int] = [:], environmentObjects: [String: Int] = [:],
        objectsSent: [Int] = [], children: [ViewNode] = [], locationWasRead: Bool = false,
        observedReadChanged: Bool = false, observedObjectChanged: Bool = false, observedReads: Set<ObservedProperty> = [],
        observableChanges: [ObservedProperty: Int] = [:]
    ) {
        storage = CopyOnWrite(
            Fields(label: label, steps: steps, value: value, stateChange: stateChange, dependencyChanged: dependencyChanged,
                children: children, locationWasRead: locationWasRead, observedReadChanged: observedReadChanged,
                observedObjectChanged: observedObjectChanged, observedReads: observedReads, observableChanges: observableChanges,
                environment: environment, environmentObjects: environmentObjects, objectsSent: objectsSent))
    }

    /// The stored fields of a node.
    public struct Fields: Hashable, Sendable {
        /// The name scenarios use for this view (`row`).
        public var label: String
        /// The constructs from the parent's body down to this view; identity follows R1–R10 over them.
        public var steps: [PathStep]
        /// The view value the parent built this render.
        public var value: ViewValue
        /// Its own `@State` since the previous render.
        public var stateChange: StateChange
        /// Whether an observed dependency signalled a change since the previous render.
        public var dependencyChanged: Bool
        /// The custom views its body makes.
        public var children: [ViewNode]
        /// Whether its `@State`'s storage had its sticky read flag set before this render: a read of
        /// `state` written in its body, or a binding to it held by a view, in a render since the
        /// identity began (I8, `InvalidationRules.i8StateChange`).
        public var locationWasRead: Bool
        /// Whether a committed change since the previous render hit an `@Observable` property its body
        /// read in its last evaluation (`observedReadChanged`), or any property of an object it read
        /// one of (`observedObjectChanged`).
        public var observedReadChanged: Bool
        public var observedObjectChanged: Bool
        /// The `@Observable` properties its body reads when it runs this render (what it adds to its
        /// tracking); printed in its body (`let _ = observable(1).a`), read by no rule.
        public var observedReads: Set<ObservedProperty>
        /// The `@Observable` properties with a committed change since the previous render, each with
        /// the value it was set to (a scenario's `set observable(1).a = 2`); the same for every view
        /// that carries them. Printed and replayed; no rule reads them (`observedReadChanged` says what
        /// they did to this view).
        public var observableChanges: [ObservedProperty: Int]
        /// The environment reaching it: each key written by an `.environment(\.key, v)` above it, on
        /// its path from the root (the innermost write wins); a key absent holds its default (I10).
        public var environment: [String: Int]
        /// The `@EnvironmentObject`s reaching it: each type written by `.environmentObject(model(n) as T)`
        /// above it, to the object `n` (the innermost write wins, I11).
        public var environmentObjects: [String: Int]
        /// The objects that sent `objectWillChange` (`send model(n)`) since the previous render (I11).
        public var objectsSent: [Int]
    }

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
