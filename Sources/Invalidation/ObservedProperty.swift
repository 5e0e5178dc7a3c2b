/// A stored property of an `@Observable` object: `observable(1).b` is object 1's `b`.
public struct ObservedProperty: Hashable, Sendable, CustomStringConvertible {
    /// The object's number (`observable(n)`).
    public var object: Int
    /// The property's name.
    public var property: String

    /// Creates a property of an object.
    public init(object: Int, property: String) {
        self.object = object
        self.property = property
    }

    public var description: String { "observable(\(object)).\(property)" }
}
