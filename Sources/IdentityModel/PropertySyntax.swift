/// One stored property of a custom view as written: `name: value`.
public struct PropertySyntax: Hashable, Sendable {
    /// A property value as written; Invalidation's `ViewTreeParser` says what kind of value each is.
    public enum Value: Hashable, Sendable {
        /// An integer.
        case integer(Int)
        /// `true` or `false`.
        case boolean(Bool)
        /// A string literal.
        case string(String)
        /// A closure, `{ … }`, with its text between the braces (trimmed; empty for `{ }`).
        case closure(String)
        /// `Binding(get: { getter }, set: { … })`, with the getter's text.
        case manualBinding(getter: String)
        /// `$name`, `$name.field` or `$name[…]`: the name and the key path written after it (`""`
        /// for a projected binding), and the value snapshot written after it as `(snapshot: v)`, if any.
        case binding(name: String, keyPath: String, snapshot: Int? = nil)
        /// `object(n)`: a reference to object `n`.
        case object(Int)
        /// `object(n, equatable: v)`: a reference to object `n` of an `Equatable` class whose `==`
        /// compares the value `v`.
        case equatableObject(Int, value: Int)
        /// `model(n)`: an observed dependency on object `n`.
        case model(Int)
        /// `Range(lo: 1, hi: 2)` or `Range(lo: 1, hi: 2) == reads(lo)`: a struct value of the type
        /// `type` with its fields (integers, booleans, strings), and the fields its own `==` reads
        /// (`nil` when it declares none).
        indirect case structure(type: String, fields: [PropertySyntax], reads: [String]?)
        /// `observable(n)`: an `@Observable` object `n`, whose properties a body reads (`Text(store.a)`).
        case observable(Int)
        /// `environment(\.key)`: an `@Environment(\.key)` property, read from the environment.
        case environment(key: String)
        /// `environmentObject(T)`: an `@EnvironmentObject` property of type `T`.
        case environmentObject(type: String)
        /// `stateObject(model(n))`: an `@StateObject` whose initialiser makes object `n`.
        case stateObject(Int)
        /// `$0` in a `ForEach`'s content: the row's element, which is its key (the key of the last
        /// `.forEach` step of the view's steps; the parser accepts `$0` only there).
        case rowElement
    }

    /// The property's name.
    public var name: String
    /// Its value.
    public var value: Value

    /// Creates a property.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

extension PropertySyntax.Value {
    /// Whether the value is plain data a `reads(p / [thresholds])` can classify: an integer, a
    /// boolean or a row's element (its key).
    public var isNumber: Bool {
        switch self {
        case .integer, .boolean, .rowElement: return true
        default: return false
        }
    }
}
