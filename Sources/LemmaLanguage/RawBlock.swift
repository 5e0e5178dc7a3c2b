/// The body of a scenario `render { … }` block, kept as raw text for the IdentityModel parser.
package struct RawBlock: Hashable, Sendable {
    /// The text strictly between the braces, exactly as written.
    package var text: String
    /// The location of the first character of `text` (just after `{`).
    package var start: SourceLocation

    /// Creates a raw block.
    package init(text: String, start: SourceLocation) {
        self.text = text
        self.start = start
    }

    /// The file location of the character at `utf8Offset` bytes into `text`, so that a parser of
    /// the block can report errors at file positions. Offsets past the end clamp to the end.
    package func location(atUTF8Offset utf8Offset: Int) -> SourceLocation {
        var location = start
        for byte in text.utf8.prefix(max(0, utf8Offset)) { Self.advance(&location, past: byte) }
        return location
    }

    /// The file location of the 1-based `line` and `column` of the file, which lie in `text`.
    package func location(line: Int, column: Int) -> SourceLocation {
        var location = start
        for byte in text.utf8 {
            if location.line > line || (location.line == line && location.column >= column) { break }
            Self.advance(&location, past: byte)
        }
        return location
    }

    /// Moves `location` past one UTF-8 byte: columns count scalars, so continuation bytes do not.
    private static func advance(_ location: inout SourceLocation, past byte: UInt8) {
        location.offset += 1
        if byte == UInt8(ascii: "\n") {
            location.line += 1
            location.column = 1
        } else if byte & 0xC0 != 0x80 {
            location.column += 1
        }
    }

    /// The file location of `index` in `text`.
    package func location(of index: String.Index) -> SourceLocation {
        location(atUTF8Offset: text.utf8.distance(from: text.startIndex, to: index))
    }
}
