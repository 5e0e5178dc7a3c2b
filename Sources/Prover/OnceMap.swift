import Synchronization

/// Values made at most once per key, by the first caller that asks; callers asking for the same key
/// meanwhile wait for it, callers asking for other keys do not.
final class OnceMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One key's value, made under its own lock.
    private final class Slot: Sendable {
        let made = Mutex<Value?>(nil)
    }

    private let slots = Mutex<[Key: Slot]>([:])

    /// An empty map.
    init() {}

    /// Whether a caller asked for `key`'s value.
    func contains(_ key: Key) -> Bool {
        slots.withLock { $0[key] != nil }
    }

    /// The value for `key`, made by `make` if no caller made it before.
    func value(for key: Key, make: () -> Value) -> Value {
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return slot.made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
