/// A set of at most 128 identities of one program, as bits.
public struct IdentityBits: Hashable, Sendable {
    /// Bits 0–63.
    public var low: UInt64
    /// Bits 64–127.
    public var high: UInt64

    /// The empty set.
    public static let empty = IdentityBits(low: 0, high: 0)

    /// The most identities a set can hold.
    public static let capacity = 128

    /// The set with only `index`.
    public init(bit index: Int) {
        low = index < 64 ? 1 << UInt64(index) : 0
        high = index >= 64 ? 1 << UInt64(index - 64) : 0
    }

    /// A set from its two words.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Whether `index` is in the set.
    @inline(__always)
    public func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
    }

    @inline(__always)
    public static func | (a: IdentityBits, b: IdentityBits) -> IdentityBits { IdentityBits(low: a.low | b.low, high: a.high | b.high) }

    @inline(__always)
    public static func & (a: IdentityBits, b: IdentityBits) -> IdentityBits { IdentityBits(low: a.low & b.low, high: a.high & b.high) }

    @inline(__always)
    public static func ^ (a: IdentityBits, b: IdentityBits) -> IdentityBits { IdentityBits(low: a.low ^ b.low, high: a.high ^ b.high) }

    @inline(__always)
    public static prefix func ~ (a: IdentityBits) -> IdentityBits { IdentityBits(low: ~a.low, high: ~a.high) }
}
