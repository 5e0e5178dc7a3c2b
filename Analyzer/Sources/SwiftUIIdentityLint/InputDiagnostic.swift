/// A problem with the input (not a finding): a path that cannot be read, Swift that does not
/// parse, a suppression without a reason.
public struct InputDiagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum ID: String, Codable, Sendable {
        /// A path that does not exist or cannot be read.
        case unreadable = "E001"
        /// Swift the parser reports errors in.
        case syntax = "E002"
        /// A suppression comment without `because` and a reason, or naming no known rule.
        case suppression = "E003"
    }
    public var id: ID
    public var site: SourceSite
    public var message: String

    public var description: String { "\(site): error[\(id.rawValue)]: \(message)" }
}
