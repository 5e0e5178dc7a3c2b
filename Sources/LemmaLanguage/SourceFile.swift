/// The text of one lemma file and the start of each of its lines.
public struct SourceFile: Sendable {
    /// The path used in locations and diagnostics.
    public let path: String
    /// The whole text.
    public let text: String
    /// The UTF-8 bytes of `text`.
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Creates a source file from its path and text.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        self.lineStarts = starts
    }

    /// The text of the 1-based `line`, without its line terminator, or `nil` past the end.
    public func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The diagnostic with the source lines of itself and of its notes in this file filled in.
    public func annotate(_ diagnostic: Diagnostic) -> Diagnostic {
        var result = diagnostic
        if result.sourceLine == nil, result.location.file == path {
            result.sourceLine = lineText(result.location.line)
        }
        result.notes = result.notes.map { note in
            var note = note
            if note.sourceLine == nil, let location = note.location, location.file == path {
                note.sourceLine = lineText(location.line)
            }
            return note
        }
        return result
    }
}
