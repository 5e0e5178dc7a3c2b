import Foundation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Encoding
@testable import Prover
@testable import Reports

/// Why `--explain` found no answer is typed until the report writers: every code is one the JSON
/// schema lists, the JSON report carries it beside the words, and SARIF on the item's result.
final class ExplainReasonCodeTests: XCTestCase {
    private static let diagnostic = Diagnostic(
        .pathQuantifierOutsideFragment, "m", at: SourceLocation(file: "l.lemma", line: 3, column: 4, offset: 0))

    /// One reason of each code (a variant refuted is answered as `needed`/`notNeeded`, never undecided).
    private static let reasons: [ExplainUnknownReason] = [
        .queryFailed("e"), .querySatisfiable, .negationOutsideLanguage(diagnostic), .notACounterexampleAsWritten("w"),
        .solverStopped(.resourceLimit(units: 1, z3: "canceled")), .solverStopped(.timeLimit(milliseconds: 1, z3: "timeout")),
        .solverStopped(.interrupted), .solverStopped(.backstop), .solverStopped(.incomplete(z3: "q")),
        .variantUndecided(.proved(.bounded(.pathLength(steps: 3)))), .variantUndecided(.vacuous),
        .variantUndecided(.unknown(reason: .solver(.interrupted))), .variantUndecided(.error(.solverFailure("f"))),
    ]

    private var schema: [String: Any] {
        get throws {
            let url = Repository.root.appendingPathComponent("docs/report.schema.json")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        }
    }

    func testEveryCodeIsDistinctAndInTheSchema() throws {
        let codes = Self.reasons.map(\.code)
        XCTAssertEqual(Set(codes).count, codes.count, "\(codes)")
        let defs = try XCTUnwrap(try schema["$defs"] as? [String: Any])
        let listed = try XCTUnwrap((defs["explainUnknownCode"] as? [String: Any])?["enum"] as? [Any]).compactMap { $0 as? String }
        let explanation = try XCTUnwrap(((defs["explanation"] as? [String: Any])?["properties"] as? [String: Any])?["reasonCode"] as? [String: Any])
        let itemCodes = try XCTUnwrap(explanation["enum"] as? [Any]).compactMap { $0 as? String }
        for code in codes {
            XCTAssertTrue(listed.contains(code), code)
            XCTAssertTrue(itemCodes.contains(code), code)
        }
    }

    /// An unknown verdict whose explain found no core: JSON has the code and the words; SARIF the code.
    func testReportsCarryTheExplainCode() throws {
        var lemma = LemmaReport(
            name: "l", kind: .lemma, file: "l.lemma", line: 1, column: 1, summary: nil, sources: [], rules: "runtime",
            expected: .holds, outcome: .unknown(reason: .solver(.interrupted)), seconds: 0, message: "m")
        lemma.explanation = .unknown(.solverStopped(.backstop))
        let run = RunReport(
            z3Version: "4.8.12", ruleSet: "runtime", lemmas: [lemma], diagnostics: [], hasInputErrors: false, reductions: [],
            seconds: 0, coverage: RunCoverage(options: VerifierOptions(), ruleSets: ["runtime"], inputs: RunCoverage.Inputs(files: [])))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONReport.data(run)) as? [String: Any])
        let entry = try XCTUnwrap((json["lemmas"] as? [[String: Any]])?.first)
        let explanation = try XCTUnwrap(entry["explanation"] as? [String: Any])
        XCTAssertEqual(explanation["kind"] as? String, "unknown")
        XCTAssertEqual(explanation["reasonCode"] as? String, "backstop")
        XCTAssertNotNil(explanation["reason"] as? String)
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: try SARIFReport.data(run, toolVersion: "t")) as? [String: Any])
        let result = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let properties = try XCTUnwrap(result["properties"] as? [String: Any])
        XCTAssertEqual(properties["explainReasonCode"] as? String, "backstop")
        XCTAssertEqual(properties["reasonCode"] as? String, "interrupted")
    }
}
