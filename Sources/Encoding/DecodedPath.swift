import IdentityModel

/// A path read back from a Z3 model: what the solver claims one stateful leaf's walk looks like.
public struct DecodedPath: Hashable, Sendable, CustomStringConvertible {
    /// The path variable's name.
    public var name: String
    public var steps: [PathStep]
    public var leafType: ViewType
    public var initial: Int
    public var state: Int
    /// Whether the path's identity is rendered in each render of the lemma, as the model says.
    public var rendered: [Bool]
    /// The state the model's store holds for the path's identity after the first render, when the
    /// lemma reads the store and the identity is rendered there (bound there or not).
    public var firstRenderState: Int?
    /// Whether each render renders the path's outermost lazy container, as the model says (free
    /// where nothing forces it); empty when the lemma does not read the store.
    public var cacheKept: [Bool] = []
    /// The `initialValue` the model gives the path's identity in each render where it is rendered
    /// (free at the path level in renders no path is bound in); empty when the lemma does not read
    /// the store.
    public var initials: [Int?] = []
    /// The value the model sets the state to right after the path's render, when the lemma mutates it.
    public var set: Int?

    public var description: String {
        "\(name): " + (steps.map(\.description) + [leafType.rawValue]).joined(separator: " / ")
    }
}
