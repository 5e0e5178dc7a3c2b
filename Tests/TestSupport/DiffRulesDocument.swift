import Foundation

/// `diff-rules A B --json`, decoded: the items whose verdict differs with each side's verdict,
/// scope, reason code and evidence, and each side's obligation counts, so that a test need not
/// read the text `diff-rules` prints.
public struct DiffRulesDocument: Decodable {
    /// An item listed.
    public struct Difference: Decodable {
        public var name: String
        public var kind: String
        public var file: String
        public var line: Int
        public var first: Side
        public var second: Side

        /// Both sides, first then second.
        public var sides: [Side] { [first, second] }
    }

    /// One side's verdict of an item.
    public struct Side: Decodable, Equatable {
        public var verdict: String
        public var scope: String?
        public var reasonCode: String?
        public var hasCounterexample: Bool
        public var failedChecks: [String]

        public init(verdict: String, scope: String?, reasonCode: String?, hasCounterexample: Bool, failedChecks: [String]) {
            (self.verdict, self.scope, self.reasonCode) = (verdict, scope, reasonCode)
            (self.hasCounterexample, self.failedChecks) = (hasCounterexample, failedChecks)
        }
    }

    /// One side's obligations under one rule set.
    public struct Obligations: Decodable, Equatable {
        public var kind: String
        public var rules: String
        public var proved: Int
        public var total: Int
        public var unproved: [String]
        public var error: String?

        public init(kind: String, rules: String, proved: Int, total: Int, unproved: [String], error: String?) {
            (self.kind, self.rules, self.proved, self.total, self.unproved, self.error) = (kind, rules, proved, total, unproved, error)
        }
    }

    public var first: String
    public var second: String
    public var itemCount: Int
    public var differences: [Difference]
    /// `first` and `second`: each side's obligations.
    public var obligations: [String: [Obligations]]
    /// `first` and `second`: the layers each side replaces (`identity`, `invalidation`).
    public var layers: [String: [String]]
    public var sameLayers: Bool

    /// The report `output` holds (standard output of `diff-rules --json`).
    public init(_ output: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(output.utf8))
    }

    /// The difference of the item named `name`, if it is listed.
    public func difference(_ name: String) -> Difference? { differences.first { $0.name == name } }
}
