/// The identity of a view: the path elements from the root of a render down to it.
public struct Identity: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The elements, root first.
    public let elements: [PathElement]
    /// A hash of `elements`, folded one element at a time as identities are built (`appending`
    /// hashes one element): the checker's walks keep identities in sets and dictionaries, which
    /// then hash one word instead of every element of a path.
    private let digest: Int

    /// Creates an identity from its elements, root first.
    public init(_ elements: [PathElement]) {
        self.elements = elements
        digest = elements.reduce(0, Self.digest)
    }

    public init(arrayLiteral elements: PathElement...) { self.init(elements) }

    private init(elements: [PathElement], digest: Int) {
        self.elements = elements
        self.digest = digest
    }

    /// The identity of a child that adds `element` below this one.
    public func appending(_ element: PathElement) -> Identity {
        // One buffer, no array of the one element to concatenate.
        var extended = [PathElement]()
        extended.reserveCapacity(elements.count + 1)
        extended.append(contentsOf: elements)
        extended.append(element)
        return Identity(elements: extended, digest: Self.digest(digest, element))
    }

    /// The digest of a path whose elements before `element` have digest `prefix`.
    private static func digest(_ prefix: Int, _ element: PathElement) -> Int {
        var hasher = Hasher()
        hasher.combine(prefix)
        hasher.combine(element)
        return hasher.finalize()
    }

    public static func == (lhs: Identity, rhs: Identity) -> Bool { lhs.digest == rhs.digest && lhs.elements == rhs.elements }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    public var description: String { "[" + elements.map(\.description).joined(separator: ", ") + "]" }
}
