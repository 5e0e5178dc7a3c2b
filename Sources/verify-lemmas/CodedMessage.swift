/// A refusal or an end of a command with a stable code, printed as `DETAIL [CODE]` at the end of
/// its line (README.md, "Exit status"): tests and tools match the code, never the words.
protocol CodedMessage: Error, CustomStringConvertible {
    /// The stable code as printed (`U005`).
    var codeText: String { get }
    /// The words, naming the options, files and values; never matched by tests.
    var detail: String { get }
}

extension CodedMessage {
    var description: String { "\(detail) [\(codeText)]" }

    /// The message as one line of standard error.
    var line: String { description + "\n" }
}
