import IdentityModel

/// A custom view value as its parent's body builds it: type, stored properties, `Equatable`
/// conformance and whether it is wrapped in `.equatable()`/`EquatableView`.
public struct ViewValue: Hashable, Sendable, CustomStringConvertible {
    /// The view's type (the last element of its identity).
    public var type: ViewType
    /// The stored properties, in declaration order (the order a field comparison visits them).
    public var properties: [StoredProperty]
    /// The custom `==`, or `nil` when the view is not `Equatable`.
    public var equality: CustomEquality?
    /// Whether the parent wrapped it in `.equatable()` (only meaningful with `equality`; Swift
    /// rejects `.equatable()` on a view that is not `Equatable`).
    public var isEquatableWrapped: Bool
    /// Whether the view declares `@State` (a reference inside: not POD, seed 003 Part II).
    public var hasState: Bool
    /// The initial value its parent passes to its `@State` (`State(initialValue:)`), or `nil`.
    public var initialState: Int?

    /// The name a comparison reports for the `@State`'s initial value: its storage field.
    public static let stateField = "_state"
    /// Its `@Environment` properties: an `Environment` holds a key path (a reference), so the view
    /// is not POD; a fresh value holds the same key path, which compares equal (I10).
    public var environment: [EnvironmentProperty]
    /// Its `@EnvironmentObject` properties (`key` is the object's type): found by type through the
    /// environment, a reference, so the view is not POD either (I11).
    public var environmentObjects: [EnvironmentProperty]
    /// Its `@StateObject` properties' initialisers as the parent's body writes them: each property's
    /// name mapped to the object its initialiser makes (`stateObject(model(n))`); the property holds
    /// the object I12 resolved, which may be one made earlier.
    public var stateObjectInitialisers: [String: Int]

    /// Creates a view value.
    public init(
        _ type: ViewType, _ properties: [StoredProperty] = [], equality: CustomEquality? = nil,
        isEquatableWrapped: Bool = false, hasState: Bool = false, initialState: Int? = nil,
        environment: [EnvironmentProperty] = [], environmentObjects: [EnvironmentProperty] = [],
        stateObjectInitialisers: [String: Int] = [:]
    ) {
        self.type = type
        self.properties = properties
        self.equality = equality
        self.isEquatableWrapped = isEquatableWrapped
        self.hasState = hasState
        self.initialState = initialState
        self.environment = environment
        self.environmentObjects = environmentObjects
        self.stateObjectInitialisers = stateObjectInitialisers
    }

    /// This value wrapped in `.equatable()`.
    public func equatable() -> ViewValue {
        var copy = self
        copy.isEquatableWrapped = true
        return copy
    }

    /// The static type the parent's body places: `EquatableView<T>` under `.equatable()`, so that
    /// adding or removing `.equatable()` changes the view's identity (its last element).
    public var staticType: ViewType { isEquatableWrapped ? ViewType("EquatableView<\(type)>") : type }

    /// Whether every stored property is trivial plain data and there is no `@State` or
    /// `@Environment` (`_isPOD`): a `String` property makes the view non-POD (FINDINGS.md 13).
    public var isPOD: Bool {
        !hasState && environment.isEmpty && environmentObjects.isEmpty && properties.allSatisfy(\.value.kind.isPOD)
    }

    /// The property named `name`, or `nil`.
    public func property(_ name: String) -> PropertyValue? { properties.first { $0.name == name }?.value }

    /// The value as the Swift expression a parent's body would write:
    /// `TemperatureRangeIndicator(temperatureCelsius: 22).equatable()`.
    public var description: String {
        let arguments = (properties.map { "\($0.name): \($0.value)" } + environment.map(\.description)
            + environmentObjects.map { "\($0.name): environmentObject(\($0.key))" }).joined(separator: ", ")
        return "\(type)(\(arguments))" + (isEquatableWrapped ? ".equatable()" : "")
    }
}
