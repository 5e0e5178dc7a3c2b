import IdentityModel

/// The renders (or summaries) of recently enumerated programs, owned by one worker. Programs come
/// in the enumerator's order, where the wrappers of one compound child follow each other, so the
/// child's renders are built once for all its wrappers instead of once for each.
final class EnumerationCache<Value> {
    private var entries: [Program: [Value]] = [:]
    /// Entries kept at most; beyond, the cache starts again (the order makes older ones cold).
    private let capacity: Int

    init(capacity: Int = 256) { self.capacity = capacity }

    /// The cached values of `program`, or `make()`'s, cached.
    func values(of program: Program, _ make: () -> [Value]) -> [Value] {
        if let known = entries[program] { return known }
        let made = make()
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[program] = made
        return made
    }
}
