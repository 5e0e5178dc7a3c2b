import Foundation

/// `explore --lemma --stats-json`: one entry per explored item, with what the exploration covered.
package struct LemmaExplorationReport: Encodable {
    /// One item: `verdict` is `refuted`, `no counterexample within bounds` or `not applicable`.
    struct Entry: Encodable {
        var name: String
        var location: String
        var verdict: String
        /// The item's `expect` (`holds` or `refuted`), and whether the verdict meets it (absent when not explored).
        var expected: String
        var asExpected: Bool?
        var bounds: String?
        var enumerated: String?
        var cases: Int?
        var seconds: Double
        var reason: String?
        /// The counterexample as the text report shows it, one line each.
        var counterexample: [String]?
    }

    var items: [Entry]
    /// 1 when an item is not as expected, 2 when none was explored (an exit 0 would say they were
    /// checked), else 0.
    package let exitCode: Int

    /// The report of `items`.
    package init(_ items: [LemmaExploration.Item]) {
        self.items = items.map { item in
            var entry = Entry(
                name: item.name, location: item.location, verdict: "", expected: item.expected.rawValue, asExpected: item.asExpected,
                seconds: item.seconds)
            switch item.answer {
            case .refuted(let counterexample, let bounds, let cases):
                entry.verdict = "refuted"
                (entry.bounds, entry.enumerated, entry.cases) = (bounds.description, bounds.enumeratedTrees, cases)
                entry.counterexample = CounterexampleText.lines(counterexample, verbose: true)
            case .noCounterexample(let bounds, let cases):
                entry.verdict = "no counterexample within bounds"
                (entry.bounds, entry.enumerated, entry.cases) = (bounds.description, bounds.enumeratedTrees, cases)
                if !item.usesNote.isEmpty { entry.reason = String(item.usesNote.dropFirst(2)) }
            case .notApplicable(let reason):
                entry.verdict = "not applicable"
                entry.reason = reason
            }
            return entry
        }
        if items.contains(where: { $0.asExpected == false }) {
            exitCode = 1
        } else {
            exitCode = items.allSatisfy { $0.asExpected == nil } ? 2 : 0
        }
    }

    /// The report as JSON, keys sorted.
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
