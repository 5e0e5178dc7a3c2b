import ModelChecker

extension RunCoverage {
    /// Why `merge` refuses reports as parts of one run (`RunCoverage.refusal`), with a stable code
    /// (README.md, "Exit status").
    package enum Refusal: Sendable, Equatable, CustomStringConvertible {
        /// No report was given.
        case noReport
        /// `file`'s `coverage.field` differs from the first report's.
        case fieldDiffers(file: String, field: String, value: String?, expected: String?, firstFile: String)
        /// `file` is a part of a run cut into another number of shards.
        case shardCountDiffers(file: String, shard: Shard, expected: Shard, firstFile: String)
        /// `file` is a shard another report already is.
        case shardRepeated(file: String, shard: Shard, alsoIn: String)
        /// No report of the shards `missing` (the first few) and of `unnamed` more.
        case shardMissing(missing: [Shard], unnamed: Int)

        /// The stable code, in the series of `merge`'s refusals.
        package var code: String {
            switch self {
            case .fieldDiffers: "M013"
            case .shardCountDiffers: "M014"
            case .shardRepeated: "M015"
            case .shardMissing: "M016"
            case .noReport: "M018"
            }
        }

        package var description: String {
            switch self {
            case .noReport:
                return "no report"
            case let .fieldDiffers(file, field, value, expected, firstFile):
                return "\(file): coverage.\(field) is \(value ?? "absent"), but \(expected ?? "absent") in \(firstFile)"
            case let .shardCountDiffers(file, shard, expected, firstFile):
                return "\(file): coverage.shard is \(shard), but \(expected) in \(firstFile): the runs were cut into different numbers of parts"
            case let .shardRepeated(file, shard, other):
                return "\(file): coverage.shard \(shard) appears twice (also \(other))"
            case let .shardMissing(missing, unnamed):
                let count = missing.first?.count ?? 0
                let more = unnamed > 0 ? " and \(unnamed) more" : ""
                return "coverage.shard: no report of shard \(missing.map(\.description).joined(separator: ", "))\(more); "
                    + "every part 1/\(count) to \(count)/\(count) must be given once"
            }
        }
    }
}
