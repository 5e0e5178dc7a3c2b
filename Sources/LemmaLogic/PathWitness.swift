import IdentityModel

/// A concrete path bound to a lemma's path variable: a stateful leaf of a render, with the value its
/// state holds after that render.
public struct PathWitness: Hashable, Sendable {
    public var path: ViewPath
    public var state: Int
    /// The serial number of the render the path was taken in.
    public var generation: Int
    /// The value the state was set to right after the render, when the lemma mutates the path.
    public var set: Int?

    /// Creates a witness.
    public init(path: ViewPath, state: Int, generation: Int, set: Int? = nil) {
        self.path = path
        self.state = state
        self.generation = generation
        self.set = set
    }
}
