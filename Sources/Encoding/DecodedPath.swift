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

    public var description: String {
        "\(name): " + (steps.map(\.description) + [leafType.rawValue]).joined(separator: " / ")
    }
}
