/// How long the object an `@StateObject` makes lives (I12).
public enum StateObjectLifetime: String, Hashable, Sendable {
    /// The initialiser's object of every render is the view's (the rules before I12, where
    /// `stateObject(model(n))` is `model(n)` passed by the parent).
    case eachRender
    /// Made once per identity: later renders' initialisers are ignored while the identity survives,
    /// and a new identity makes the object again (like `@State`, R1).
    case oncePerIdentity
}
