import Foundation
import IdentityModel
import Prover

/// What `diff-rules A B` finds, typed: the items whose verdict or scope differs between the runs
/// under the two rule sets, each side's obligations, and whether the sides replace the same
/// layers. The text and `--json` are both written from it.
package struct DiffRulesReport {
    /// An item listed: the same file and name under both rule sets, with another verdict or scope.
    package struct Difference {
        package var first: LemmaReport
        package var second: LemmaReport
    }

    /// One side's obligations under one rule set: how many were proved, the ids of the others.
    package struct Obligations: Encodable {
        /// `reduction` (identity rules) or `locality` (invalidation rules).
        package var kind: String
        package var rules: String
        package var proved: Int
        package var total: Int
        package var unproved: [String]
        /// Why they could not be run at all, or `nil`.
        @ExplicitNull package var error: String? = nil
    }

    /// The rule sets as given (a name or a rule-set file).
    package var firstName: String
    package var secondName: String
    package var differences: [Difference]
    /// How many items the first run checked.
    package var itemCount: Int
    /// Each side's obligations, in the runs' order.
    package var firstObligations: [Obligations]
    package var secondObligations: [Obligations]
    /// The layers each side replaces (`identity`, `invalidation`); an item keeps its own rules in
    /// a layer a side does not replace.
    package var firstLayers: [String]
    package var secondLayers: [String]

    /// Whether both sides replace the same layers.
    package var sameLayers: Bool { firstLayers == secondLayers }

    /// The differences between `first` (run under `firstName`, which replaces `firstLayers`) and `second`.
    package init(
        firstName: String, firstLayers: [String], first: RunReport, secondName: String, secondLayers: [String], second: RunReport
    ) {
        let other = Dictionary(second.lemmas.map { ("\($0.file):\($0.name)", $0) }, uniquingKeysWith: { a, _ in a })
        differences = first.lemmas.compactMap { lemma in
            guard let twin = other["\(lemma.file):\(lemma.name)"], twin.verdict != lemma.verdict || twin.scope != lemma.scope else { return nil }
            return Difference(first: lemma, second: twin)
        }
        (self.firstName, self.secondName, itemCount) = (firstName, secondName, first.lemmas.count)
        (self.firstLayers, self.secondLayers) = (firstLayers, secondLayers)
        (firstObligations, secondObligations) = (Self.obligations(first), Self.obligations(second))
    }

    private static func obligations(_ report: RunReport) -> [Obligations] {
        let reductions = report.reductions.map { status in
            Obligations(
                kind: "reduction", rules: status.rules.name, proved: status.results.count - status.unproved.count,
                total: status.results.count, unproved: status.unproved, error: status.error)
        }
        let locality = report.invalidationLocality.map { status in
            Obligations(
                kind: "locality", rules: status.rules.name, proved: status.results.count - status.unproved.count,
                total: status.results.count, unproved: status.unproved, error: status.error)
        }
        return reductions + locality
    }

    /// The report as JSON (`diff-rules --json`), keys sorted; README.md, "diff-rules".
    package func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Document(self))
    }

    private struct Document: Encodable {
        var kind = "diff-rules"
        var first: String
        var second: String
        var itemCount: Int
        var differences: [DifferenceJSON]
        var obligations: [String: [Obligations]]
        var layers: [String: [String]]
        var sameLayers: Bool

        init(_ report: DiffRulesReport) {
            (first, second, itemCount, sameLayers) = (report.firstName, report.secondName, report.itemCount, report.sameLayers)
            layers = ["first": report.firstLayers, "second": report.secondLayers]
            differences = report.differences.map(DifferenceJSON.init)
            obligations = ["first": report.firstObligations, "second": report.secondObligations]
        }
    }

    private struct DifferenceJSON: Encodable {
        var name: String
        var kind: String
        var file: String
        var line: Int
        var first: Side
        var second: Side

        init(_ difference: Difference) {
            (name, kind, file, line) = (difference.first.name, difference.first.kind.rawValue, difference.first.file, difference.first.line)
            (first, second) = (Side(difference.first), Side(difference.second))
        }
    }

    /// One side's verdict of an item, with its scope, reason code, and the evidence kept typed.
    private struct Side: Encodable {
        var verdict: String
        @ExplicitNull var scope: String? = nil
        @ExplicitNull var reasonCode: String? = nil
        var hasCounterexample: Bool
        var failedChecks: [String]

        init(_ lemma: LemmaReport) {
            verdict = lemma.verdict.rawValue
            switch lemma.scope {
            case .unbounded?: scope = "unbounded"
            case .bounded?: scope = "bounded"
            case nil: scope = nil
            }
            reasonCode = lemma.outcome.reasonCode
            hasCounterexample = lemma.counterexample != nil
            failedChecks = lemma.failedChecks.map(\.reference)
        }
    }
}
