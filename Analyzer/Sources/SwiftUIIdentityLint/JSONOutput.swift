import Foundation

/// `--json FILE`: the whole report, keys sorted.
public enum JSONOutput {
    public static func data(_ report: AnalysisReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }
}
