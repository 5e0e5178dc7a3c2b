import Foundation

/// The fields of a `verify-lemmas --json` report that tests assert (docs/report.schema.json),
/// decoded, so that a test checks verdicts, codes, places and counts rather than the sentences
/// the human report makes of them.
public struct ReportDocument: Decodable {
    /// One lemma or scenario.
    public struct Entry: Decodable {
        public var name: String
        public var kind: String
        public var verdict: String?
        public var expectedVerdict: String?
        public var asExpected: Bool
        public var scope: String?
        public var reasonCode: String?
        public var explanation: Explanation?
    }

    /// An entry's `explanation` (`--explain`).
    public struct Explanation: Decodable {
        public var kind: String
        public var reasonCode: String?
        public var scope: String?
        public var core: [CoreItem]?
        public var unneededAssumptions: [Assumption]?
    }

    /// An item of an unsat core.
    public struct CoreItem: Decodable {
        public var item: String
        public var assumption: Assumption?
        public var necessary: Bool
    }

    /// An assumption an explanation names, at its place.
    public struct Assumption: Decodable, Equatable {
        public var number: Int
        public var file: String
        public var line: Int
        public var column: Int

        public init(number: Int, file: String, line: Int, column: Int) {
            (self.number, self.file, self.line, self.column) = (number, file, line, column)
        }
    }

    /// An input diagnostic.
    public struct Diagnostic: Decodable, Equatable {
        public var id: String
        public var severity: String
        public var file: String?
        public var line: Int?
        public var column: Int?
        /// Which of the id's causes it is (E041's), or nil.
        public var cause: String?
    }

    public var exitCode: Int
    public var lemmas: [Entry]
    public var diagnostics: [Diagnostic]

    /// The report `output` holds (a run's standard output with `--json -`).
    public init(_ output: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(output.utf8))
    }

    /// The entry named `name`, if the report has one.
    public func entry(_ name: String) -> Entry? { lemmas.first { $0.name == name } }
}
