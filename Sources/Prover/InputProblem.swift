/// An input the run could not check (an ill-formed lemma file, a missing path, nothing to check),
/// with its place when it has one: what JSON and SARIF report beside the compiler-style text.
package struct InputProblem: Sendable, Equatable, CustomStringConvertible {
    /// The diagnostic id (`E008`).
    package var id: String
    /// `error` or `warning`.
    package var severity = "error"
    /// The one-line message.
    package var message: String
    /// The file, as the run names it.
    package var file: String?
    /// The 1-based line and column, when the problem is inside a file.
    package var line: Int?
    package var column: Int?
    /// Which of the id's causes it is (E041's), or `nil`.
    package var cause: String?

    /// `path:line:col`, or as much of it as is known (empty when nothing is).
    package var place: String { [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") }

    /// `path:line:col: error: message [E008]`, or as much of the place as is known.
    package var description: String { (place.isEmpty ? "" : place + ": ") + "\(severity): \(message) [\(id)]" }
}
