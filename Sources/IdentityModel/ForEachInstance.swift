/// A rendered `ForEach`, with what is needed to detect its undefined behaviour (R8).
public struct ForEachInstance: Hashable, Sendable {
    /// The identity of the `ForEach` itself (the path elements above its rows).
    public var identity: Identity
    /// Where its keys come from.
    public var source: KeySource
    /// Its row keys in order.
    public var keys: [Key]

    /// Keys that occur more than once, in order of first repetition.
    public var duplicateKeys: [Key] { Self.repeatedKeys(keys) }

    /// The keys that occur more than once in `keys`, in order of first repetition.
    public static func repeatedKeys(_ keys: [Key]) -> [Key] {
        var seen = Set<Key>()
        var duplicates: [Key] = []
        for key in keys where !seen.insert(key).inserted && !duplicates.contains(key) { duplicates.append(key) }
        return duplicates
    }
}
