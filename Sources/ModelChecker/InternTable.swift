/// Dense numbers, in first-seen order, for the 64-bit hashes `CompiledProgram` interns (identities,
/// addresses, containers, `ForEach`es): open addressing with linear probing on an already mixed
/// key, so that a lookup costs a multiply and a probe or two instead of a `Dictionary`'s SipHash.
struct InternTable {
    private var keys: [UInt64]
    /// Each slot's number, or -1 for an empty slot.
    private var numbers: [Int32]
    /// How many keys have a number.
    private(set) var count = 0

    /// An empty table with room for `capacity` slots (a power of two).
    init(capacity: Int = 64) {
        keys = Array(repeating: 0, count: capacity)
        numbers = Array(repeating: -1, count: capacity)
    }

    /// The number of `key`, and whether this call gave it (the next number, `count` before).
    mutating func number(of key: UInt64) -> (number: Int32, isNew: Bool) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while numbers[slot] >= 0 {
            if keys[slot] == key { return (numbers[slot], false) }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        numbers[slot] = Int32(count)
        count += 1
        return (Int32(count - 1), true)
    }

    @inline(__always)
    private static func slot(of key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Doubles the slots and re-inserts every key with its number.
    private mutating func grow() {
        let oldKeys = keys, oldNumbers = numbers
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        numbers = Array(repeating: -1, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for old in oldKeys.indices where oldNumbers[old] >= 0 {
            var slot = Self.slot(of: oldKeys[old], mask: mask)
            while numbers[slot] >= 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[old]
            numbers[slot] = oldNumbers[old]
        }
    }
}
