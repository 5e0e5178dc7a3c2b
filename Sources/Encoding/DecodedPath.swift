import IdentityModel

/// A path read back from a Z3 model: what the solver claims one stateful leaf's walk looks like.
package struct DecodedPath: Hashable, Sendable, CustomStringConvertible {
    /// The path variable's name.
    package var name: String
    package var steps: [PathStep]
    package var leafType: ViewType
    package var initial: Int
    package var state: Int
    /// Whether the path's identity is rendered in each render of the lemma, as the model says.
    package var rendered: [Bool]
    /// The state the model's store holds for the path's identity after the first render, when the
    /// lemma reads the store and the identity is rendered there (bound there or not).
    package var firstRenderState: Int?
    /// Whether each render renders the path's outermost lazy container, as the model says (free
    /// where nothing forces it); empty when the lemma does not read the store.
    package var cacheKept: [Bool] = []
    /// The `initialValue` the model gives the path's identity in each render where it is rendered
    /// (free at the path level in renders no path is bound in); empty when the lemma does not read
    /// the store.
    package var initials: [Int?] = []
    /// The value the model sets the state to right after the path's render, when the lemma mutates it.
    package var set: Int?

    package var description: String {
        "\(name): " + (steps.map(\.description) + [leafType.rawValue]).joined(separator: " / ")
    }
}
