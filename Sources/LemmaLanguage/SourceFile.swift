/// The text of one lemma file and the start of each of its lines.
package struct SourceFile: Sendable {
    /// The path used in locations and diagnostics.
    package let path: String
    /// The whole text.
    package let text: String
    /// The UTF-8 bytes of `text`.
    package let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Creates a source file from its path and text.
    package init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
        // A plain loop over the buffer: enumerating the bytes cost 2 s for a 6 MB file in a debug
        // build, all before the front end's first question to its cancellation.
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
                index += 1
            }
        }
        self.lineStarts = starts
    }

    /// How many bytes of a long line an excerpt shows on either side of its column.
    package static let excerptRadius = 80

    /// The diagnostic with the source lines of itself and of its notes in this file filled in.
    package func annotate(_ diagnostic: Diagnostic) -> Diagnostic {
        var result = diagnostic
        if result.sourceLine == nil, result.location.file == path, let excerpt = excerpt(at: result.location) {
            (result.sourceLine, result.sourceColumn) = excerpt
        }
        result.notes = result.notes.map { note in
            var note = note
            if note.sourceLine == nil, let location = note.location, location.file == path, let excerpt = excerpt(at: location) {
                (note.sourceLine, note.sourceColumn) = excerpt
            }
            return note
        }
        return result
    }

    /// The line of `location`, or on a line longer than twice `excerptRadius` the part within
    /// `excerptRadius` bytes of it (elided with '…'), and the column of `location` in that text.
    /// Each diagnostic then holds at most about 2 × `excerptRadius` bytes of source, however long
    /// the line and however many errors it has (issue 26: one 40 KB line of bad tokens took over
    /// 3 GB when every diagnostic copied the whole line).
    func excerpt(at location: SourceLocation) -> (text: String, column: Int)? {
        guard location.line >= 1, location.line <= lineStarts.count else { return nil }
        let lineStart = lineStarts[location.line - 1]
        var lineEnd = location.line < lineStarts.count ? lineStarts[location.line] - 1 : bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        lineEnd = max(lineStart, lineEnd)
        guard lineEnd - lineStart > 2 * Self.excerptRadius else {
            return (String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self), location.column)
        }
        let offset = min(max(location.offset, lineStart), lineEnd)
        var start = max(lineStart, offset - Self.excerptRadius)
        while start < offset, bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = min(lineEnd, offset + Self.excerptRadius)
        while end > offset, end < lineEnd, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let before = start > lineStart ? "…" : ""
        let after = end < lineEnd ? "…" : ""
        let column = (before.isEmpty ? 1 : 2) + bytes[start..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (before + String(decoding: bytes[start..<end], as: UTF8.self) + after, column)
    }
}
