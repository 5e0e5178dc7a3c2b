/// A position in a lemma file: 1-based line and column (columns count Unicode scalars), plus the
/// 0-based UTF-8 byte offset from the start of the file.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file path as it was given to the lexer.
    package var file: String
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, counted in Unicode scalars.
    package var column: Int
    /// The 0-based UTF-8 byte offset from the start of the file.
    package var offset: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int, offset: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `path:line:column`, the prefix of a compiler-style diagnostic.
    package var description: String { "\(file):\(line):\(column)" }
}
