/// A state stored by value in a `StateTable`: a few machine words with a cheap hash.
protocol PackedState: Equatable {
    /// A well-mixed 64-bit hash of the words.
    var hash64: UInt64 { get }
}

extension CheckerState: PackedState {
    @inline(__always)
    var hash64: UInt64 {
        var hash = UInt64(UInt32(bitPattern: render)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ alive.low) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ values.low) &* 0x94D0_49BB_1331_11EB
        hash = (hash ^ alive.high ^ (values.high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 31)
    }
}
