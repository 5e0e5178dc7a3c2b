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

    /// What a body whose tracking holds `read` sees of the committed changes `changed` (I8
    /// "@Observable"): whether one of its properties changed, and whether any property of an object
    /// it read one of changed (what `observationPerObject` takes instead).
    public static func changes(read: Set<ObservedProperty>, changed: Set<ObservedProperty>) -> (readChanged: Bool, objectChanged: Bool) {
        let objects = Set(read.map(\.object))
        return (!read.isDisjoint(with: changed), changed.contains { objects.contains($0.object) })
    }
}
