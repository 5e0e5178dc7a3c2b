/// A half-open span of a lemma file: from `start` up to (not including) `end`.
package struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// The first character of the span.
    package var start: SourceLocation
    /// The position just past the last character of the span.
    package var end: SourceLocation

    /// Creates a range.
    package init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// The smallest range covering both `self` and `other`.
    package func extended(to other: SourceRange) -> SourceRange {
        SourceRange(
            start: other.start.offset < start.offset ? other.start : start,
            end: other.end.offset > end.offset ? other.end : end
        )
    }

    /// Whether `location` lies in this range (same file, offset in `start ..< end`; an empty range
    /// contains its start).
    package func contains(_ location: SourceLocation) -> Bool {
        location.file == start.file && location.offset >= start.offset
            && (location.offset < end.offset || location.offset == start.offset)
    }

    /// `path:line:column` of the start.
    package var description: String { start.description }
}
