/// Where an observed object's change signal comes from (I11).
public enum ObjectSignals: String, Hashable, Sendable {
    /// Only from a scenario's hand-written `signal L` (the rules before I11).
    case handWritten
    /// Also from `send model(n)`: every view observing object `n`, through an `@ObservedObject`
    /// property or an `@EnvironmentObject` of its type reaching it, is signalled.
    case fromSends
}
