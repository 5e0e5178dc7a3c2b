import Foundation
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// Why `--explain` does not apply is typed until the report writers: each item that explain does
/// not apply to carries a case with a stable code, and the JSON report carries the code beside
/// the sentence. Tests assert codes, not sentences.
final class ExplainInapplicabilityTests: XCTestCase {
    private static let items = """
        scenario arms_reset {
          summary "the other arm is another view"; source R4; rules runtime; expect holds
          render { if true { Counter(state: 0) @c } else { Counter(state: 0) } }
          set c = 5
          render { if false { Counter(state: 0) } else { Counter(state: 0) @c } }
          check c resets
        }

        lemma broken {
          source R2; rules runtime; expect holds
          show nonsense(
        }
        """

    func testEveryItemExplainDoesNotApplyToSaysWhyAsACode() throws {
        var options = VerifierOptions()
        options.explains = true
        let report = Verifier(options: options).run(paths: [try Repository.temporaryFolder(["l.lemma": Self.items])])
        var codes: [String: String] = [:]
        for item in report.lemmas {
            guard case .notApplicable(let why)? = item.explanation else { return XCTFail("\(item.name): \(String(describing: item.explanation))") }
            codes[item.name] = why.code
        }
        XCTAssertEqual(codes, ["arms_reset": "scenario", "broken": "verdict-error"])

        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONReport.data(report)) as? [String: Any])
        let lemmas = try XCTUnwrap(json["lemmas"] as? [[String: Any]])
        let explained = Dictionary(uniqueKeysWithValues: lemmas.map {
            ($0["name"] as? String ?? "", ($0["explanation"] as? [String: Any])?["reasonCode"] as? String)
        })
        XCTAssertEqual(explained, ["arms_reset": "scenario", "broken": "verdict-error"])
    }

    func testTheCodesAreDistinct() {
        let all: [ExplainInapplicability] = [
            .scenario, .vacuous(views: false), .verdictUnknown, .verdictError, .boundedInvalidationProof, .invalidationLemma,
            .identityLemma, .notChecked(message: "m"),
        ]
        XCTAssertEqual(Set(all.map(\.code)).count, all.count)
        XCTAssertEqual(ExplainInapplicability.vacuous(views: true).code, ExplainInapplicability.vacuous(views: false).code)
    }
}
