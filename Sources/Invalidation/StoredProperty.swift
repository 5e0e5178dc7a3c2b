/// One stored property of a view value: its name and value.
public struct StoredProperty: Hashable, Sendable, CustomStringConvertible {
    /// The property's name, as in the Swift source.
    public var name: String
    /// Its value this render.
    public var value: PropertyValue

    /// Creates a stored property.
    public init(_ name: String, _ value: PropertyValue) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }
}
