/// A set of at most 128 identities of one program, as bits.
package struct IdentityBits: Hashable, Sendable {
    /// Bits 0–63.
    package var low: UInt64
    /// Bits 64–127.
    package var high: UInt64

    /// The empty set.
    package static let empty = IdentityBits(low: 0, high: 0)

    /// The most identities a set can hold.
    package static let capacity = 128

    /// The set with only `index`.
    package init(bit index: Int) {
        low = index < 64 ? 1 << UInt64(index) : 0
        high = index >= 64 ? 1 << UInt64(index - 64) : 0
    }

    /// A set from its two words.
    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Whether `index` is in the set.
    @inline(__always)
    package func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
    }

    @inline(__always)
    package static func | (a: IdentityBits, b: IdentityBits) -> IdentityBits { IdentityBits(low: a.low | b.low, high: a.high | b.high) }

    @inline(__always)
    package static func & (a: IdentityBits, b: IdentityBits) -> IdentityBits { IdentityBits(low: a.low & b.low, high: a.high & b.high) }

    @inline(__always)
    package static func ^ (a: IdentityBits, b: IdentityBits) -> IdentityBits { IdentityBits(low: a.low ^ b.low, high: a.high ^ b.high) }

    @inline(__always)
    package static prefix func ~ (a: IdentityBits) -> IdentityBits { IdentityBits(low: ~a.low, high: ~a.high) }
}
