/// An `@Environment(\.key) var name` property of a view: read from the environment that reaches
/// the view, never passed by its parent (I10).
public struct EnvironmentProperty: Hashable, Sendable, CustomStringConvertible {
    /// The property's name.
    public var name: String
    /// The environment key it reads (`colorScheme` for `\.colorScheme`).
    public var key: String

    /// Creates a declaration.
    public init(_ name: String, key: String) {
        self.name = name
        self.key = key
    }

    /// As the view syntax writes it: `scheme: environment(\.colorScheme)`.
    public var description: String { "\(name): environment(\\.\(key))" }
}
