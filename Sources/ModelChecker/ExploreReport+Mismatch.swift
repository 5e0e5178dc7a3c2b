extension ExploreReport {
    /// Why two explore reports are not parts of one exploration (`ExploreReport.mismatch`), with a
    /// stable code in the series of `merge`'s refusals (README.md, "Exit status").
    package enum Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// Other schema versions: the first report's, then the other's.
        case schemaVersions(Int, Int)
        /// Other tool versions.
        case toolVersion(String, String)
        /// Other checks (property, rules, mutant, mutations), each as `PROPERTY under RULES[+MUTANT]`.
        case checks(String, String)
        /// Other bounds.
        case bounds(String, String)
        /// The same shard in both.
        case shardTwice(String)

        package var code: String {
            switch self {
            case .schemaVersions: "M005"
            case .toolVersion: "M006"
            case .checks: "M007"
            case .bounds: "M008"
            case .shardTwice: "M015"
            }
        }

        package var description: String {
            switch self {
            case let .schemaVersions(first, other): "schema versions \(first) and \(other)"
            case let .toolVersion(first, other): "toolVersion \(other), but \(first) before"
            case let .checks(first, other): "different checks: \(first) and \(other)"
            case let .bounds(first, other): "different bounds: \(first) and \(other)"
            case let .shardTwice(shard): "shard \(shard) appears twice"
            }
        }
    }
}
