import IdentityModel

/// Reads the render block of an invalidation scenario as a `ViewNode` tree (docs/invalidation.md,
/// "Scenario syntax"): `RenderParser.parseViewTree` parses the one render grammar, and this gives
/// its custom views their values.
///
/// ```
/// WeatherDashboard(state: 18) @dashboard {
///   VStack {
///     TemperatureRangeIndicator(temperatureCelsius: 18) == reads(temperatureCelsius / [0, 15, 25]) @plain
///     ForEach([1, 2], id: \.self) { Row(n: $0, onTap: { … }, isOn: $state).equatable() @row }   // row[1], row[2]
///   }.id(1)
/// }
/// ```
///
/// Values: an integer, `true`/`false` (1 and 0) and a ForEach's `$0` with an integer key are plain
/// data, a string (or `$0` with a string key) is text; `{ }` a closure without context, `{ … }` with;
/// `Binding(get: { … }, set: { … })` a manual binding (its value the getter's integer, or the
/// state when the getter is `state`); `$name`, `$name.field`, `$name[…]` projected and key-path
/// bindings (location `name`; value snapshot the enclosing view's state when `name` is `state`,
/// else 0; `$state(snapshot: 1)` the snapshot written, a binding made when the state held 1); `object(n)` a reference; `object(n, equatable: v)` a reference to an `Equatable`
/// class whose `==` compares `v`; `Range(lo: 1, hi: 2) == reads(lo)` a struct value (fields plain
/// data or strings) and the fields its own `==` reads; `model(n)` an observed dependency;
/// `observable(n)` an `@Observable` object (a reference whose properties' reads are tracked: a
/// body's `Text(store.a)` or `let _ = store.a`, and `observable(n).a` for an object it reaches
/// without holding it, from the environment or a global);
/// `environment(\.key)` an `@Environment` property (not compared: it reads what
/// `.environment(\.key, v)` modifiers above the view write, `ViewNode.environment`, I10);
/// `environmentObject(T)` an `@EnvironmentObject` of type `T`, found through
/// `.environmentObject(model(n) as T)` above it (I11); `stateObject(model(n))` an `@StateObject`
/// (observed, its object kept per identity by the runner, I12). The block holds exactly one
/// custom view, the root, outside any construct; its parent (the host) is taken to have run, and
/// may write the environment: `.environment(\.key, v)` and `.environmentObject(model(n) as T)` on the root.
public enum ViewTreeParser {
    /// A parsed view before state values are known: the node and its declared initial state.
    public struct Parsed: Hashable, Sendable {
        /// The root of the tree; bindings that read a view's state (`$state`) hold the snapshot 0
        /// until `ViewTreeParser.withState` supplies the current value.
        public var root: ViewNode
        /// Each labelled view's `@State` initial value, for views that declare one.
        public var initialStates: [String: Int]
        /// For each view label, its `@StateObject` properties (`stateObject(model(n))`): each holds
        /// its initialiser's object until the runner supplies the one its identity made (I12).
        public var stateObjects: [String: [String]]
        /// For each view label, its properties that read the enclosing view's state (`$state`,
        /// `get: { state }`) and that view's label.
        public var stateReaders: [String: StateRead]
        /// For each view whose `@State` this render reads (I8's sticky read flag), the views whose
        /// body evaluation reads it: the view itself for a read written in its body (`Text(state)`,
        /// or `Binding(get: { state }, …)`, whose getter its body calls), and a view holding a
        /// located binding to it (`$state`, `$state.field`: the binding's box update reads it).
        public var stateReads: [String: Set<String>]
        /// For each view whose body reads a property of an `@Observable` object it holds
        /// (`Text(store.a)` with `store: observable(1)`) or reaches (`let _ = observable(1).a`),
        /// those properties (I8).
        public var observations: [String: Set<ObservedProperty>]
        /// The `@Observable` objects some view holds (`observable(n)`) or whose property a body reads.
        public var observableObjects: Set<Int>
    }

    /// The properties of one view that read the state of the view whose body builds it.
    public struct StateRead: Hashable, Sendable {
        /// The label of the view whose `@State` they read.
        public var source: String
        /// The property names.
        public var properties: [String]

        /// Creates a record.
        public init(source: String, properties: [String]) {
            self.source = source
            self.properties = properties
        }
    }

    /// Parses `text`, reporting positions as if it started at `line` and `column` (1-based).
    public static func parse(_ text: String, line: Int = 1, column: Int = 1) throws(RenderSyntaxError) -> Parsed {
        let views: [CustomViewSyntax]
        do {
            views = try RenderParser.parseViewTree(text, line: line, column: column)
        } catch let error as RenderSyntaxError {
            throw error
        } catch {
            throw RenderSyntaxError(line: line, column: column, message: "\(error)", cause: .internalError)
        }
        guard views.count == 1, let root = views.first else {
            throw RenderSyntaxError(
                line: line, column: column,
                message: "an invalidation render holds exactly one custom view, the root, outside any construct; found \(views.count)",
                cause: .invalidationRoot)
        }
        // The host's environment writes may sit on the root: the host is taken to have run.
        let hostWrites = root.steps.allSatisfy { step in
            guard case .modified(let modifier, _) = step else { return false }
            return modifier.environmentKey != nil || modifier.environmentObjectType != nil
        }
        guard hostWrites else {
            throw RenderSyntaxError(
                line: line, column: column,
                message: "an invalidation render holds exactly one custom view, the root, outside any construct; "
                    + "'\(root.type)' is inside \(root.steps.map { "\($0.kind)" }.joined(separator: ", "))",
                cause: .invalidationRoot)
        }
        var reader = Reader()
        guard let node = reader.node(root, enclosingLabel: "", environment: [:], objects: [:]) else {
            throw RenderSyntaxError(line: line, column: column, message: "internal error: '$0' outside a ForEach's content", cause: .internalError)
        }
        return Parsed(
            root: node, initialStates: reader.initialStates, stateObjects: reader.stateObjects,
            stateReaders: reader.stateReaders, stateReads: reader.stateReads, observations: reader.observations,
            observableObjects: reader.observableObjects)
    }

    /// The node with every property that reads a view's state set to that view's value in `states`.
    public static func withState(_ node: ViewNode, states: [String: Int], readers: [String: StateRead]) -> ViewNode {
        var copy = node
        if let read = readers[node.label], let value = states[read.source] {
            copy.value.properties = copy.value.properties.map { property in
                guard read.properties.contains(property.name) else { return property }
                return StoredProperty(property.name, property.value.withSnapshot(value))
            }
        }
        copy.children = node.children.map { withState($0, states: states, readers: readers) }
        return copy
    }

    /// The node with each `@StateObject` property of the views in `objects` (label to property to
    /// object) holding that object.
    public static func withStateObjects(_ node: ViewNode, objects: [String: [String: Int]]) -> ViewNode {
        var copy = node
        if let held = objects[node.label] {
            copy.value.properties = copy.value.properties.map { property in
                held[property.name].map { StoredProperty(property.name, .observed(object: $0)) } ?? property
            }
        }
        copy.children = node.children.map { withStateObjects($0, objects: objects) }
        return copy
    }

    /// The location `$state` names in the body of the view labelled `label`: its `@State`'s.
    public static func stateLocation(of label: String) -> Int { location(of: "\(label).state") }

    /// A stable location number for the state named `name`.
    static func location(of name: String) -> Int {
        name.unicodeScalars.reduce(7) { ($0 &* 31) &+ Int($1.value) } & 0xFFFF
    }

    /// Gives parsed views their labels and values, collecting initial states and state readers.
    private struct Reader {
        var initialStates: [String: Int] = [:]
        var stateReaders: [String: StateRead] = [:]
        var stateReads: [String: Set<String>] = [:]
        var observations: [String: Set<ObservedProperty>] = [:]
        var observableObjects: Set<Int> = []
        var stateObjects: [String: [String]] = [:]
        private var anonymous = 0

        /// The view's node; `nil` if it reads `$0` without a ForEach row above it (the parser allows
        /// `$0` only in a ForEach's content).
        /// `environment` is what reaches the body that makes it; the `.environment(\.key, v)`
        /// modifiers of its steps write over it, outermost first.
        mutating func node(
            _ view: CustomViewSyntax, enclosingLabel: String, environment: [String: Int], objects: [String: Int]
        ) -> ViewNode? {
            let name = view.label ?? { anonymous += 1; return "_\(view.type)\(anonymous)" }()
            if let state = view.state { initialStates[name] = state }
            if view.reads.contains("state") { stateReads[name, default: []].insert(name) }
            let rowKey = view.steps.reversed().lazy.compactMap { step -> Key? in
                if case .forEach(_, let key, _) = step { return key }
                return nil
            }.first
            var reaching = environment
            var objectsReaching = objects
            for case .modified(let modifier, let value) in view.steps {
                if let key = modifier.environmentKey { reaching[key] = value }
                if let type = modifier.environmentObjectType { objectsReaching[type] = value }
            }
            var readers: [String] = []
            var properties: [StoredProperty] = []
            var declared: [EnvironmentProperty] = []
            var declaredObjects: [EnvironmentProperty] = []
            var initialisers: [String: Int] = [:]
            for property in view.properties {
                if case .environment(let key) = property.value {
                    declared.append(EnvironmentProperty(property.name, key: key))
                    continue
                }
                if case .stateObject(let object) = property.value {
                    stateObjects[name, default: []].append(property.name)
                    initialisers[property.name] = object
                    properties.append(StoredProperty(property.name, .observed(object: object)))
                    continue
                }
                if case .environmentObject(let type) = property.value {
                    declaredObjects.append(EnvironmentProperty(property.name, key: type))
                    continue
                }
                guard let (value, readsState, followsState) = Self.value(property.value, enclosingLabel: enclosingLabel, rowKey: rowKey)
                else { return nil }
                // A binding with its snapshot written keeps it; it still reads the state's location.
                if followsState { readers.append(property.name) }
                if readsState {
                    let reader = value.kind == .manualBinding ? enclosingLabel : name
                    stateReads[enclosingLabel, default: []].insert(reader)
                }
                properties.append(StoredProperty(property.name, value))
            }
            if !readers.isEmpty { stateReaders[name] = StateRead(source: enclosingLabel, properties: readers) }
            for property in view.properties {
                if case .observable(let object) = property.value { observableObjects.insert(object) }
            }
            for read in view.reads {
                guard let property = Self.observedProperty(read, properties: view.properties) else { continue }
                observations[name, default: []].insert(property)
                observableObjects.insert(property.object)
            }
            var children: [ViewNode] = []
            for child in view.body {
                guard let node = node(child, enclosingLabel: name, environment: reaching, objects: objectsReaching) else { return nil }
                children.append(node)
            }
            // A value that reads `state` holds a placeholder snapshot here; the runner supplies the
            // current one (`withState`).
            let value = ViewValue(
                view.type, properties, equality: view.equality.map(Self.equality),
                isEquatableWrapped: view.isEquatableWrapped, hasState: view.state != nil, initialState: view.state,
                environment: declared, environmentObjects: declaredObjects, stateObjectInitialisers: initialisers)
            return ViewNode(
                name, steps: view.steps, value: value, environment: reaching, environmentObjects: objectsReaching, children: children)
        }

        /// One property value, whether it reads the enclosing view's state, and whether its snapshot
        /// follows that state (`withState`).
        private static func value(
            _ syntax: PropertySyntax.Value, enclosingLabel: String, rowKey: Key?
        ) -> (PropertyValue, reads: Bool, follows: Bool)? {
            switch syntax {
            case .integer(let value): return (.plain(value), false, false)
            case .boolean(let value): return (.plain(value ? 1 : 0), false, false)
            case .string(let text): return (.text(text), false, false)
            case .closure(let body): return (.closure(capturesContext: !body.isEmpty), false, false)
            case .manualBinding(let getter):
                if getter == "state" { return (.manualBinding(value: 0), true, true) }
                return (.manualBinding(value: Int(getter) ?? 0), false, false)
            case let .binding(name, keyPath, snapshot):
                let location = name == "state" ? ViewTreeParser.stateLocation(of: enclosingLabel) : ViewTreeParser.location(of: name)
                let binding: PropertyValue = keyPath.isEmpty
                    ? .projectedBinding(location: location, value: snapshot ?? 0)
                    : .keyPathBinding(location: location, keyPath: keyPath, value: snapshot ?? 0)
                return (binding, name == "state", name == "state" && snapshot == nil)
            case .object(let object): return (.reference(object: object), false, false)
            case let .equatableObject(object, value): return (.equatableReference(object: object, value: value), false, false)
            case let .structure(type, fields, reads):
                var values: [StoredProperty] = []
                for field in fields {
                    guard let (value, _, _) = Self.value(field.value, enclosingLabel: enclosingLabel, rowKey: rowKey) else { return nil }
                    values.append(StoredProperty(field.name, value))
                }
                return (.structure(StructureValue(type, values, reads: reads)), false, false)
            case .model(let object): return (.observed(object: object), false, false)
            // An `@Observable` object is a reference compared by identity (I7); its properties'
            // reads are tracked (`Parsed.observations`).
            case .observable(let object): return (.reference(object: object), false, false)
            case .environment, .environmentObject, .stateObject: return nil
            case .rowElement:
                switch rowKey {
                case .int(let value)?: return (.plain(value), false, false)
                case .string(let text)?: return (.text(text), false, false)
                case nil: return nil
                }
            }
        }

        /// The `@Observable` property a body's read names: `store.a` of a property holding
        /// `observable(n)`, or `observable(n).a` of an object the body reaches without holding it.
        private static func observedProperty(_ read: String, properties: [PropertySyntax]) -> ObservedProperty? {
            let parts = read.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            if let match = parts[0].wholeMatch(of: /observable\((-?\d+)\)/), let object = Int(match.1) {
                return ObservedProperty(object: object, property: parts[1])
            }
            guard case .observable(let object)? = properties.first(where: { $0.name == parts[0] })?.value else { return nil }
            return ObservedProperty(object: object, property: parts[1])
        }

        private static func equality(_ syntax: EqualitySyntax) -> CustomEquality {
            switch syntax {
            case .alwaysTrue: return .alwaysTrue
            case .alwaysFalse: return .alwaysFalse
            case .reads(let readings): return .reads(readings.map { EqualityReading($0.name, thresholds: $0.thresholds) })
            }
        }
    }
}
