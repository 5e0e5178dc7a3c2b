/// A problem found in a lemma file, printed in compiler style:
///
///     Lemmas/x.lemma:12:7: error: expected ':' after path binder [E004]
///       forall p path in before
///               ^
///     Lemmas/x.lemma:3:1: note: lemma 'x' starts here
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    package enum Severity: String, Hashable, Sendable {
        case error, warning, note
    }

    /// Additional information attached to a diagnostic, with its own optional location.
    package struct Note: Hashable, Sendable {
        /// The note's text.
        package var message: String
        /// Where the note points, if anywhere.
        package var location: SourceLocation?
        /// The text of the line at `location` (of a long line, the part around it), once a
        /// `SourceFile` has annotated the diagnostic.
        package var sourceLine: String?
        /// The column of `location` in `sourceLine`.
        package var sourceColumn: Int?

        /// Creates a note.
        package init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// Error or warning.
    package var severity: Severity
    /// The stable identifier (`E004`, `W001`, …); see `DiagnosticID`.
    package var id: DiagnosticID
    /// The one-line message.
    package var message: String
    /// Where the problem is.
    package var location: SourceLocation
    /// Further explanations (the first definition of a duplicate, the valid fields, …).
    package var notes: [Note]
    /// The text of the line at `location` (of a long line, the part around it,
    /// `SourceFile.excerpt(at:)`), once a `SourceFile` has annotated the diagnostic.
    package var sourceLine: String?
    /// The column of `location` in `sourceLine`.
    package var sourceColumn: Int?
    /// Which of the id's causes it is, as a stable code, where an id has several (E041: a
    /// `RenderSyntaxError.Cause`); `nil` otherwise.
    package var cause: String?

    /// Creates a diagnostic; the severity follows from the identifier.
    package init(_ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Note] = [], cause: String? = nil) {
        self.severity = id.severity
        self.id = id
        self.message = message
        self.location = location
        self.notes = notes
        self.cause = cause
    }

    /// Whether this is an error (as opposed to a warning).
    package var isError: Bool { severity == .error }

    /// The first line: `path:line:col: error: message [E004]`; `fileNameOnly` drops directories.
    package func headline(fileNameOnly: Bool = false) -> String {
        "\(Self.position(location, fileNameOnly)): \(severity.rawValue): \(message) [\(id.rawValue)]"
    }

    /// The headline followed by one line per note (`path:line:col: note: …` or `note: …`), without
    /// source excerpts: the form used by golden tests and terse logs.
    package func summaryLines(fileNameOnly: Bool = false) -> [String] {
        [headline(fileNameOnly: fileNameOnly)] + notes.map { note in
            if let location = note.location {
                return "\(Self.position(location, fileNameOnly)): note: \(note.message)"
            }
            return "note: \(note.message)"
        }
    }

    /// The full compiler-style text: headline, source line and caret, then each note likewise.
    package var description: String {
        var lines = [headline()]
        lines += Self.excerpt(sourceLine, column: sourceColumn ?? location.column)
        for note in notes {
            if let location = note.location {
                lines.append("\(location): note: \(note.message)")
                lines += Self.excerpt(note.sourceLine, column: note.sourceColumn ?? location.column)
            } else {
                lines.append("note: \(note.message)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func position(_ location: SourceLocation, _ fileNameOnly: Bool) -> String {
        guard fileNameOnly else { return location.description }
        let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(name):\(location.line):\(location.column)"
    }

    private static func excerpt(_ line: String?, column: Int) -> [String] {
        guard let line else { return [] }
        // Keep tabs so the caret lines up under the same characters.
        let padding = line.unicodeScalars.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }
        return [line, padding.joined() + "^"]
    }
}
