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
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].location.offset < range.start.offset { low = middle + 1 } else { high = middle }
        }
        var found: [Diagnostic] = []
        for diagnostic in all[low...] {
            let offset = diagnostic.location.offset
            guard offset < range.end.offset || offset == range.start.offset else { break }
            if range.contains(diagnostic.location) { found.append(diagnostic) }
        }
        return found
    }
}
