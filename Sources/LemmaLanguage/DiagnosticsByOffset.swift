/// Diagnostics sorted by offset, so that the ones inside a range are found by binary search:
/// attributing D diagnostics to N items costs (N + D) log D, not N × D (issue 26: 10,000
/// ill-formed items took 26 s when every item scanned every diagnostic).
struct DiagnosticsByOffset {
    /// Every diagnostic, by offset.
    let all: [Diagnostic]

    /// `diagnostics` sorted by offset, ties in their given order.
    init(_ diagnostics: [Diagnostic]) {
        all = diagnostics.enumerated()
            .sorted { ($0.element.location.offset, $0.offset) < ($1.element.location.offset, $1.offset) }
            .map(\.element)
    }

    /// The diagnostics `range` contains (`SourceRange.contains`), by offset.
    func inside(_ range: SourceRange) -> [Diagnostic] {
        all[candidates(for: range)].filter { range.contains($0.location) }
    }

    /// The positions in `all` of the diagnostics whose offsets `range` covers, in any file: what
    /// `inside` examines, found by two binary searches.
    func candidates(for range: SourceRange) -> Range<Int> {
        let (start, end) = (range.start.offset, range.end.offset)
        let low = firstPosition { $0 >= start }
        // An empty range still holds a diagnostic at its start (`SourceRange.contains`).
        return low..<firstPosition { $0 > start && $0 >= end }
    }

    /// The first position whose offset satisfies `reached` (false, then true, along `all`).
    private func firstPosition(where reached: (Int) -> Bool) -> Int {
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if reached(all[middle].location.offset) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
