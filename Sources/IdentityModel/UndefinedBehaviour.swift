/// A render the runtime gives no defined meaning to: reported, never turned into a verdict.
public struct UndefinedBehaviour: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of undefined behaviour.
    public enum Kind: String, Hashable, Sendable {
        /// A `ForEach` rendered two rows with the same key (R8).
        case duplicateForEachKeys
        /// A `ForEach` over a constant range changed its row count (R8).
        case constantRangeCountChanged
        /// Two stateful views of one render have the same identity.
        case duplicateIdentity
    }

    /// The kind of undefined behaviour.
    public var kind: Kind
    /// What happened, for a person.
    public var message: String

    public var description: String { "undefined behaviour (\(kind.rawValue)): \(message)" }
}
