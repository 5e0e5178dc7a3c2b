/// A place in a Swift file, 1-based, as findings and diagnostics print it.
public struct SourceSite: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceSite, b: SourceSite) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}
