import Foundation

/// A diagnostic as the command line prints it for a tool to read, `[FILE[:LINE:COL]: ]SEVERITY:
/// MESSAGE [ID]`, taken apart: where a command has no JSON report (`explore`, `toc`, the option
/// checks), a test asserts the id and the place, not the message.
public struct DiagnosticLine: Equatable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var severity: String
    public var id: String

    public init(file: String?, line: Int? = nil, column: Int? = nil, severity: String = "error", id: String) {
        (self.file, self.line, self.column, self.severity, self.id) = (file, line, column, severity, id)
    }

    public var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") + " \(severity) \(id)"
    }

    /// Every diagnostic line of `output`, in order, with its file reduced to the file's name.
    public static func all(in output: String) -> [DiagnosticLine] {
        output.split(separator: "\n").compactMap { parse(String($0)) }
    }

    /// The ids of `output`'s diagnostic lines, in order.
    public static func ids(in output: String) -> [String] { all(in: output).map(\.id) }

    private static let pattern = try! NSRegularExpression(
        pattern: #"^(?:(?:verify-lemmas: )?(.+?):(?:([0-9]+):([0-9]+):)? )?(error|warning): .*\[([EW][0-9]{3})\]$"#)

    private static func parse(_ text: String) -> DiagnosticLine? {
        guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        let group = { (index: Int) -> String? in Range(match.range(at: index), in: text).map { String(text[$0]) } }
        return DiagnosticLine(
            file: group(1).map { URL(fileURLWithPath: $0).lastPathComponent }, line: group(2).flatMap { Int($0) },
            column: group(3).flatMap { Int($0) }, severity: group(4) ?? "", id: group(5) ?? "")
    }
}
