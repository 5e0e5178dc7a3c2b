import Foundation
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// An ill-formed item is reported with the expectation it wrote: `expect refuted` is not turned
/// into "expected proved", whether the item is a lemma, a scenario, or a lemma rejected because it
/// uses an ill-formed one.
final class IllFormedExpectationTests: XCTestCase {
    private func run(_ text: String) throws -> RunReport {
        Verifier(options: VerifierOptions()).run(paths: [try Repository.temporaryFolder(["l.lemma": text])])
    }

    private func reports(_ text: String) throws -> [String: LemmaReport] {
        Dictionary(uniqueKeysWithValues: try run(text).lemmas.map { ($0.name, $0) })
    }

    func testAnIllFormedLemmaKeepsItsExpectRefuted() throws {
        let report = try run("lemma broken {\n  source R2; rules runtime; expect refuted\n  show nonsense(\n}\n")
        let lemma = try XCTUnwrap(report.lemmas.first { $0.name == "broken" })
        XCTAssertEqual(lemma.outcome.reasonCode, "ill-formed")
        XCTAssertEqual(lemma.expected, .refuted)
        XCTAssertEqual(lemma.expectationText, "refuted")
        XCTAssertFalse(lemma.asExpected)
        XCTAssertTrue(HumanReport.text(report).contains("broken (expected refuted)"), HumanReport.text(report))
    }

    func testAnIllFormedLemmaKeepsItsExpectHolds() throws {
        let lemma = try XCTUnwrap(try reports("lemma broken {\n  source R2; rules runtime; expect holds\n  show nonsense(\n}\n")["broken"])
        XCTAssertEqual(lemma.outcome.reasonCode, "ill-formed")
        XCTAssertEqual(lemma.expected, .holds)
    }

    func testAnIllFormedScenarioKeepsItsExpectRefuted() throws {
        let byName = try reports("""
            scenario broken {
              summary "s"; source R2; rules runtime; expect refuted
              render { Counter(state: 0) @a }
              check nowhere survives
            }

            """)
        let scenario = try XCTUnwrap(byName["broken"])
        XCTAssertEqual(scenario.outcome.reasonCode, "ill-formed")
        XCTAssertEqual(scenario.expected, .refuted)
    }

    func testALemmaRejectedForUsingAnIllFormedOneKeepsItsExpectRefuted() throws {
        let byName = try reports("""
            lemma broken {
              source R2; rules runtime; expect holds
              show nonsense(
            }

            lemma user {
              source R2; rules runtime; expect refuted
              forall p: path in before, q: path in after
              use broken(p, q)
              show survives(p, q)
            }

            """)
        let user = try XCTUnwrap(byName["user"], "\(byName.keys.sorted())")
        XCTAssertEqual(user.outcome.reasonCode, "ill-formed")
        XCTAssertEqual(user.expected, .refuted)
    }

    /// An unreadable `expect` (E011) is no expectation: the reports say so instead of "expected
    /// proved" (the JSON's `expected` and `expectedVerdict` are null, and the schema accepts that).
    func testAnUnreadableExpectIsNoExpectation() throws {
        let report = try run("lemma broken {\n  source R2; rules runtime; expect sometimes\n  show true\n}\n")
        let lemma = try XCTUnwrap(report.lemmas.first { $0.name == "broken" })
        XCTAssertEqual(report.problems.filter { $0.id == "E011" }.map { [$0.line, $0.column] }, [[2, 36]], "\(report.problems)")
        XCTAssertEqual(lemma.outcome.reasonCode, "ill-formed")
        XCTAssertNil(lemma.expected)
        XCTAssertNil(lemma.expectedVerdict)
        XCTAssertFalse(lemma.asExpected)
        let human = HumanReport.text(report)
        XCTAssertTrue(human.contains("broken (no expectation)"), human)
        XCTAssertFalse(human.contains("expected proved"), human)
        XCTAssertTrue(JUnitReport.xml(report).contains("error (ill-formed), no expectation"), JUnitReport.xml(report))

        let json = try JSONSerialization.jsonObject(with: JSONReport.data(report, includeTimes: false)) as? [String: Any]
        let entry = try XCTUnwrap((json?["lemmas"] as? [[String: Any]])?.first { $0["name"] as? String == "broken" })
        XCTAssertTrue(entry["expected"] is NSNull, "\(entry)")
        XCTAssertTrue(entry["expectedVerdict"] is NSNull, "\(entry)")
        XCTAssertEqual(entry["asExpected"] as? Bool, false)
    }
}
