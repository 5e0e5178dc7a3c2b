/// How a command ended without all its outputs, with a stable code printed at the end of its line
/// on standard error (README.md, "Exit status"): tests and tools match the code and the exit
/// status, never the words.
typealias RunEnd = Coded<RunEndCode>

/// Why the outputs are not all there.
enum RunEndCode: String, CaseIterable, Sendable {
    /// SIGINT or SIGTERM before the outputs: no verdict, nothing written (exit 128 + the signal).
    case interrupted = "X001"
    /// SIGINT or SIGTERM while the outputs were written: the run does not count (exit 128 + the signal).
    case interruptedWhileWriting = "X002"
    /// A report (`--json`, `--junit`, `--sarif`, `--dot`, `--output`, …) could not be written (exit 2).
    case reportNotWritten = "X003"
    /// `--write-proofs` could not replace the proofs folder, which is as it was (exit 2).
    case proofsNotWritten = "X004"
    /// Standard output was closed or full (exit 2, after every file report).
    case standardOutputNotWritten = "X005"
    /// `explore`'s bounds give a program more identities than the checker's bit sets hold (exit 2).
    case boundsTooLarge = "X006"
}
