/// Why `verify-lemmas toc` did not print, write or confirm the table of contents, with a stable
/// code at the end of its line on standard error (README.md, "Exit status").
typealias TocFailure = Coded<TocFailureCode>

/// What went wrong.
enum TocFailureCode: String, CaseIterable, Sendable {
    /// The lemma folder has errors (its diagnostics, each with its id, on the lines before; exit 2).
    case illFormedFolder = "T001"
    /// `--write` or `--check` and the folder's README.md cannot be read (exit 2).
    case readmeUnreadable = "T002"
    /// The README lacks the begin or the end marker, or has them out of order (exit 2).
    case markersMissing = "T003"
    /// `--check`: the section differs from the generated table (exit 1).
    case stale = "T004"
    /// `--write`: the README could not be written (exit 2).
    case readmeNotWritten = "T005"
    /// `--write-toc` after a run in which not every item is as expected: the table is not written
    /// (the run's exit status).
    case runNotAsExpected = "T006"
}

extension Coded where Family == TocFailureCode {
    /// The exit status of `toc`: 1 for a stale table, 2 for anything else.
    var exitCode: Int32 { code == .stale ? 1 : 2 }
}
