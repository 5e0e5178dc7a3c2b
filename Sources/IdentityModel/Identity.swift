/// The identity of a view: the path elements from the root of a render down to it.
public struct Identity: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The elements, root first.
    public var elements: [PathElement]

    /// Creates an identity from its elements, root first.
    public init(_ elements: [PathElement]) { self.elements = elements }

    public init(arrayLiteral elements: PathElement...) { self.elements = elements }

    /// The identity of a child that adds `element` below this one.
    public func appending(_ element: PathElement) -> Identity { Identity(elements + [element]) }

    public var description: String { "[" + elements.map(\.description).joined(separator: ", ") + "]" }
}
