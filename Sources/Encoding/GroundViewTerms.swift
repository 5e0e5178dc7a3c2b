import IdentityModel
import Invalidation
import Z3Kit

/// One custom view of a render as Z3 constants (`GroundInvalidation`), with the facts that pin
/// them to the concrete view: its identity elements, label, stored properties, `==`,
/// `.equatable()`, `@State`, and its own changes since the previous render. The rules read only
/// the constants; the names, readings and static type are the view's syntax.
struct GroundViewTerms {
    /// One stored property: its kind (`Code.Property`) and up to three numbers (`Code.Property`
    /// says which), so that every kind is four Int constants.
    struct Property {
        let name: String
        let kind: Z3Term
        let first: Z3Term
        let second: Z3Term
        let third: Z3Term
    }

    let label: String
    let staticType: ViewType
    let identity: [Z3Term]
    let labelNumber: Z3Term
    let properties: [Property]
    /// Bool: the view declares `@State`.
    let hasState: Z3Term
    /// Bool: its parent passes its `@State` an initial value; Int: that value (0 when none).
    let hasInitialState: Z3Term
    let initialState: Z3Term
    /// Bool: the parent wrapped it in `.equatable()`.
    let wrapped: Z3Term
    /// Int: `Code.Equality` of its `==`.
    let equality: Z3Term
    /// What a `reads(…)` `==` reads; empty for any other.
    let readings: [EqualityReading]
    /// Int: `Code.StateChange` since the previous render.
    let stateChange: Z3Term
    /// Bool: an observed dependency signalled since the previous render.
    let dependencyChanged: Z3Term
    /// Bool: its state's storage had its sticky read flag set before this render.
    let locationWasRead: Z3Term
    /// Bool: a committed `@Observable` change hit a property it read / an object it read from.
    let observedReadChanged: Z3Term
    let observedObjectChanged: Z3Term
    /// Bool: the view declares an `@Environment` or `@EnvironmentObject` property (not POD, I2).
    let declaresEnvironment: Z3Term
    /// The environment keys its `@Environment` properties read (syntax), in declaration order.
    let environmentKeys: [String]
    /// Each key written above it (`ViewNode.environment`): Int, the value reaching it.
    let environment: [String: Z3Term]
    /// The types its `@EnvironmentObject` properties find (syntax), in declaration order.
    let environmentObjectTypes: [String]
    /// Each object type written above it (`ViewNode.environmentObjects`): Int, the object reaching it.
    let environmentObjects: [String: Z3Term]
    /// The objects that sent since the previous render (syntax: `send model(n)`, I11).
    let objectsSent: [Int]

    /// The terms of `node`'s value named after `prefix`, adding the facts that fix them to `facts`.
    init(
        _ node: ViewNode, prefix: String, identity: [Z3Term], context ctx: Z3Context, numbers: inout GroundNumbers,
        facts: inout [Z3Term]
    ) {
        func pinned(_ name: String, _ value: Int) -> Z3Term {
            let constant = ctx.const("\(prefix).\(name)", ctx.intSort)
            facts.append(constant.eq(ctx.int(value)))
            return constant
        }
        func pinned(_ name: String, _ value: Bool) -> Z3Term {
            let constant = ctx.const("\(prefix).\(name)", ctx.boolSort)
            facts.append(constant.eq(ctx.bool(value)))
            return constant
        }
        label = node.label
        staticType = node.value.staticType
        self.identity = identity
        labelNumber = pinned("label", numbers.number(for: node.label))
        properties = node.value.properties.enumerated().map { index, property in
            let (kind, values) = Self.code(of: property.value, numbers: &numbers)
            return Property(
                name: property.name, kind: pinned("p\(index).kind", kind.rawValue),
                first: pinned("p\(index).1", values.0), second: pinned("p\(index).2", values.1),
                third: pinned("p\(index).3", values.2))
        }
        hasState = pinned("hasState", node.value.hasState)
        hasInitialState = pinned("hasInitialState", node.value.initialState != nil)
        initialState = pinned("initialState", node.value.initialState ?? 0)
        wrapped = pinned("equatable", node.value.isEquatableWrapped)
        switch node.value.equality {
        case nil:
            equality = pinned("equality", Code.Equality.none.rawValue)
            readings = []
        case .reads(let read)?:
            equality = pinned("equality", Code.Equality.reads.rawValue)
            readings = read
        case .alwaysTrue?:
            equality = pinned("equality", Code.Equality.alwaysTrue.rawValue)
            readings = []
        case .alwaysFalse?:
            equality = pinned("equality", Code.Equality.alwaysFalse.rawValue)
            readings = []
        }
        let change: Code.StateChange
        switch node.stateChange {
        case .none: change = .none
        case .changedUnread: change = .unread
        case .changedRead: change = .read
        }
        stateChange = pinned("stateChange", change.rawValue)
        dependencyChanged = pinned("dependencyChanged", node.dependencyChanged)
        locationWasRead = pinned("locationWasRead", node.locationWasRead)
        observedReadChanged = pinned("observedReadChanged", node.observedReadChanged)
        observedObjectChanged = pinned("observedObjectChanged", node.observedObjectChanged)
        declaresEnvironment = pinned(
            "declaresEnvironment", !node.value.environment.isEmpty || !node.value.environmentObjects.isEmpty)
        environmentKeys = node.value.environment.map(\.key)
        var environment: [String: Z3Term] = [:]
        for (key, value) in node.environment { environment[key] = pinned("environment.\(key)", value) }
        self.environment = environment
        environmentObjectTypes = node.value.environmentObjects.map(\.key)
        var objects: [String: Z3Term] = [:]
        for (type, object) in node.environmentObjects { objects[type] = pinned("environmentObject.\(type)", object) }
        environmentObjects = objects
        objectsSent = node.objectsSent
    }

    /// The property called `name`, or `nil`.
    func property(_ name: String) -> Property? { properties.first { $0.name == name } }

    /// A property value as its kind and three numbers: plain (value), text (the interned string), closure (context?),
    /// manual binding (snapshot), projected binding (location, 0, snapshot), key-path binding
    /// (location, key path, snapshot), reference and observed (object), an `Equatable` class's
    /// reference (object, the value its `==` compares), a struct value (its bits, what its `==`
    /// compares: each an interned description). Strings are interned.
    private static func code(of value: PropertyValue, numbers: inout GroundNumbers) -> (Code.Property, (Int, Int, Int)) {
        switch value {
        case .plain(let value): return (.plain, (value, 0, 0))
        case .text(let text): return (.text, (numbers.number(for: text), 0, 0))
        case .closure(let captures): return (.closure, (captures ? 1 : 0, 0, 0))
        case .manualBinding(let value): return (.manualBinding, (value, 0, 0))
        case let .projectedBinding(location, value): return (.projectedBinding, (location, 0, value))
        case let .keyPathBinding(location, keyPath, value): return (.keyPathBinding, (location, numbers.number(for: keyPath), value))
        case .reference(let object): return (.reference, (object, 0, 0))
        case .observed(let object): return (.observed, (object, 0, 0))
        case let .equatableReference(object, value): return (.equatableReference, (object, value, 0))
        case .structure(let value):
            // Bits: the type, field names, `==` and every field; `==`: the same with only the fields it reads.
            let shape = "\(value.type)(\(value.fields.map(\.name))) == \(value.reads ?? [])"
            let bits = numbers.number(for: "bits \(shape) \(value.fields)")
            let equality = numbers.number(for: "eq \(shape) \(value.comparedFields)")
            return (value.isPOD ? .podStructure : .structure, (bits, equality, 0))
        }
    }

    /// The integer codes of the ground encoding.
    enum Code {
        enum Property: Int, CaseIterable {
            case plain, text, closure, manualBinding, projectedBinding, keyPathBinding, reference, observed, equatableReference, podStructure, structure
        }

        enum Equality: Int {
            case none, reads, alwaysTrue, alwaysFalse
        }

        enum StateChange: Int {
            case none, unread, read
        }
    }
}
