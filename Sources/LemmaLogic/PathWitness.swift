import IdentityModel

/// A concrete path bound to a lemma's path variable: a stateful leaf of a render, with the value its
/// state holds after that render.
package struct PathWitness: Hashable, Sendable {
    package var path: ViewPath
    package var state: Int
    /// The serial number of the render the path was taken in.
    package var generation: Int
    /// The value the state was set to right after the render, when the lemma mutates the path.
    package var set: Int?

    /// Creates a witness.
    package init(path: ViewPath, state: Int, generation: Int, set: Int? = nil) {
        self.path = path
        self.state = state
        self.generation = generation
        self.set = set
    }
}
