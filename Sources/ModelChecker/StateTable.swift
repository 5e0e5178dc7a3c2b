/// An open-addressing set of states (linear probing), owned by one worker and reused for every
/// program it explores: `clear()` takes constant time by moving to a new generation instead of
/// wiping the slots, so a program with a dozen states costs a dozen probes, not an allocation.
/// States must be plain values (no references): slots are overwritten without deinitialising.
final class StateTable<State: PackedState> {
    private var keys: UnsafeMutablePointer<State>
    /// The generation that filled each slot; a slot of an older generation is empty.
    private var stamps: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private var generation: UInt32 = 1
    /// States in the current generation.
    private(set) var count = 0

    /// An empty table with room for `capacity` slots (rounded up to a power of two).
    init(capacity: Int = 1 << 12) {
        self.capacity = max(16, 1 << (Int.bitWidth - (capacity - 1).leadingZeroBitCount))
        keys = .allocate(capacity: self.capacity)
        stamps = .allocate(capacity: self.capacity)
        stamps.initialize(repeating: 0, count: self.capacity)
    }

    deinit {
        keys.deallocate()
        stamps.deallocate()
    }

    /// Empties the table.
    func clear() {
        count = 0
        generation &+= 1
        if generation == 0 {
            stamps.update(repeating: 0, count: capacity)
            generation = 1
        }
    }

    /// Adds `state`; `false` if it was already there.
    @inline(__always)
    func insert(_ state: State) -> Bool {
        if (count + 1) * 2 > capacity { grow() }
        let mask = capacity - 1
        var slot = Int(truncatingIfNeeded: state.hash64) & mask
        while stamps[slot] == generation {
            if keys[slot] == state { return false }
            slot = (slot + 1) & mask
        }
        stamps[slot] = generation
        (keys + slot).initialize(to: state)
        count += 1
        return true
    }

    /// Doubles the slots and re-inserts the current generation's states.
    private func grow() {
        let oldKeys = keys, oldStamps = stamps, oldCapacity = capacity, current = generation
        capacity *= 2
        keys = .allocate(capacity: capacity)
        stamps = .allocate(capacity: capacity)
        stamps.initialize(repeating: 0, count: capacity)
        generation = 1
        let mask = capacity - 1
        for old in 0..<oldCapacity where oldStamps[old] == current {
            var slot = Int(truncatingIfNeeded: oldKeys[old].hash64) & mask
            while stamps[slot] == generation { slot = (slot + 1) & mask }
            stamps[slot] = generation
            (keys + slot).initialize(to: oldKeys[old])
        }
        oldKeys.deallocate()
        oldStamps.deallocate()
    }
}
