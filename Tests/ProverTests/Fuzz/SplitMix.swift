/// A small, fast, seedable generator (SplitMix64): the same seed gives the same inputs on every
/// machine, so a failure names the seed and input number that reproduce it.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    /// A generator for input `number` of the campaign seeded with `seed`.
    init(seed: UInt64, number: Int) {
        state = seed ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
