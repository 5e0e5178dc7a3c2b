import Foundation

/// The fields of an `explore --lemma --stats-json` report that tests assert, decoded (verdicts,
/// expectations, bounds), so that a test need not read the text `explore` prints.
public struct ExplorationDocument: Decodable {
    /// One explored (or not explorable) item.
    public struct Item: Decodable {
        public var name: String
        /// `refuted`, `no counterexample within bounds` or `not applicable`.
        public var verdict: String
        public var expected: String
        public var asExpected: Bool?
        public var bounds: String?
        public var counterexample: [String]?
    }

    public var items: [Item]
    public var exitCode: Int

    /// The report `output` holds (standard output with `--stats-json -`).
    public init(_ output: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(output.utf8))
    }

    /// The item named `name`, if the report has one.
    public func item(_ name: String) -> Item? { items.first { $0.name == name } }
}
