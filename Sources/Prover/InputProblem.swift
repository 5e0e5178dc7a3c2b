/// An input the run could not check (an ill-formed lemma file, a missing path, nothing to check),
/// with its place when it has one: what JSON and SARIF report beside the compiler-style text.
public struct InputProblem: Sendable, Equatable, CustomStringConvertible {
    /// The diagnostic id (`E008`).
    public var id: String
    /// `error` or `warning`.
    public var severity = "error"
    /// The one-line message.
    public var message: String
    /// The file, as the run names it.
    public var file: String?
    /// The 1-based line and column, when the problem is inside a file.
    public var line: Int?
    public var column: Int?

    /// `path:line:col`, or as much of it as is known (empty when nothing is).
    public var place: String { [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") }

    /// `path:line:col: error: message [E008]`, or as much of the place as is known.
    public var description: String { (place.isEmpty ? "" : place + ": ") + "\(severity): \(message) [\(id)]" }
}
