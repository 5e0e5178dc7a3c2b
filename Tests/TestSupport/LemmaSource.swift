import Foundation

/// One lemma's text cut out of a lemma file, for the tests that check a shipped lemma, or a
/// variant of it, alone.
public enum LemmaSource {
    /// A lemma file without the lemma a test asked for.
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var file: URL
        public var description: String { "no lemma \(name) in \(file.lastPathComponent)" }
    }

    /// The lemma `name` in `file`, alone: from `lemma name {` to the first `}` on a line of its
    /// own after it, with that line's end.
    public static func text(of name: String, in file: URL) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let start = text.range(of: "lemma \(name) {"),
            let end = text.range(of: "\n}\n", range: start.upperBound..<text.endIndex)
        else { throw Missing(name: name, file: file) }
        return String(text[start.lowerBound..<end.upperBound])
    }
}
