import Foundation
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// Every shipped item's verdict, scope, counterexample kind and reason code, pinned against
/// Golden/verdict-summary.txt, so that a change to the pipeline (its routes, replay, verdict table
/// or obligations) cannot change one silently. RECORD_GOLDENS=1 rewrites the file and fails.
final class VerdictSummaryTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("verdict-summary.txt")

    /// One line per item: `file name kind: verdict scope counterexample-kind reason-code` (`-` for none).
    static func line(_ report: LemmaReport) -> String {
        let file = report.file.components(separatedBy: "Lemmas/").last ?? report.file
        let fields = [
            report.verdict.rawValue, report.scope?.description ?? "-", report.counterexample.map { "\($0.origin)" } ?? "-",
            report.outcome.reasonCode ?? "-",
        ]
        return "\(file) \(report.name) \(report.kind.rawValue): " + fields.joined(separator: " ")
    }

    static func summary(_ report: RunReport) -> String {
        report.lemmas.map(line).sorted().joined(separator: "\n") + "\n"
    }

    func testEveryShippedItemKeepsItsVerdictScopeAndCounterexampleKind() throws {
        try SlowTier.require()  // runs the whole set
        let report = LemmaSet.shippedReport
        XCTAssertFalse(report.lemmas.isEmpty)
        try Golden.assertMatches(Self.summary(report), golden: golden, "the verdict summary of Lemmas/")
    }

    /// The summary line tells apart every change the golden is there to catch.
    func testTheSummaryLineChangesWithVerdictScopeAndCounterexampleKind() throws {
        let example = Counterexample(renders: [], trees: [], firstDifference: nil, trace: [], paths: [], origin: .z3)
        var checkerExample = example
        checkerExample.origin = .checker
        let outcomes: [Outcome] = [
            .proved(.unbounded), .proved(.bounded(.pathLength(steps: 4))), .proved(nil), .refuted(example),
            .refuted(checkerExample), .unknown(reason: .undecodable("x")), .unknown(reason: .noReplay(tried: 1, last: nil)),
            .error(.routesDisagree),
        ]
        let lines = outcomes.map { outcome in
            Self.line(LemmaReport(
                name: "l", kind: .lemma, file: "/x/Lemmas/a.lemma", line: 1, column: 1, summary: nil, sources: [],
                rules: "runtime", expected: .holds, outcome: outcome, seconds: 0, message: ""))
        }
        XCTAssertEqual(Set(lines).count, outcomes.count, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("a.lemma l lemma: ") }, "\(lines)")
    }
}
