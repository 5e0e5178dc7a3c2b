/// Something that happened to a view's state during a render (seed 000's lifecycle log).
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The state was allocated from `initialValue`.
        case initialize = "init"
        case appear, disappear, destroy
        /// A retained state came back with its identity (R7).
        case revive
    }

    /// What happened.
    public var kind: Kind
    /// The identity of the view.
    public var identity: Identity
    /// The view's label, if it has one.
    public var label: String?
    /// The serial number of the render during which it happened.
    public var generation: Int

    /// Creates an event.
    public init(kind: Kind, identity: Identity, label: String?, generation: Int) {
        self.kind = kind
        self.identity = identity
        self.label = label
        self.generation = generation
    }

    public var description: String { "#\(generation) \(kind.rawValue) \(label ?? identity.description)" }
}
