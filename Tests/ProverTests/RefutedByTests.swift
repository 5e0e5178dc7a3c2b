import Foundation
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// `expect refuted by NAME`: a refuted scenario is as expected only when the checks that fail are
/// exactly the named ones, and every report says which checks failed. The hostile cases are the
/// point: the named check passing while another fails, a second check failing too, the named
/// check never reached because the run stopped on an error, a claim whose checks all pass.
final class RefutedByTests: XCTestCase {
    /// Seed 004's insertion claim: `existing` survives (the claim's premise holds), `inserted` does
    /// not take its state (the claim is false).
    static func insertion(_ expect: String, checks: String) -> String {
        """
        scenario S {
          summary "s"; source R3; rules runtime; \(expect)
          render { VStack { if false { Counter(state: 0) @inserted }; Counter(state: 0) @existing } }
          set existing = 5
          render { VStack { if true { Counter(state: 0) @inserted }; Counter(state: 0) @existing } }
        \(checks)
        }
        """
    }

    private func report(_ text: String) throws -> (RunReport, LemmaReport) {
        let folder = try Repository.temporaryFolder(["s.lemma": text])
        let run = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(run.diagnostics, [])
        return (run, try XCTUnwrap(run.lemmas.first))
    }

    func testTheNamedCheckFailingAloneIsAsExpected() throws {
        let (run, scenario) = try report(Self.insertion(
            "expect refuted by takes_state", checks: "check keeps: existing survives\ncheck takes_state: inserted == 5"))
        XCTAssertEqual(scenario.verdict, .refuted)
        XCTAssertTrue(scenario.asExpected)
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(scenario.failedChecks.map(\.reference), ["takes_state"])
        XCTAssertEqual(scenario.failedChecks.first?.found, .value(label: "inserted", found: 0, expected: 5))
        XCTAssertEqual(scenario.failedChecks.first?.line, 7)
        XCTAssertEqual(scenario.expectationText, "refuted by takes_state")
        XCTAssertTrue(HumanReport.text(run).contains("    failed: takes_state (check inserted == 5)"), HumanReport.text(run))
    }

    /// The reported bug: the claim's own check passes, another fails, and the run used to call that
    /// a refutation as expected.
    func testAnotherCheckFailingWhileTheNamedOnePassesIsNotAsExpected() throws {
        let (run, scenario) = try report(Self.insertion(
            "expect refuted by keeps", checks: "check keeps: existing survives\ncheck takes_state: inserted == 5"))
        XCTAssertEqual(scenario.verdict, .refuted)
        XCTAssertFalse(scenario.asExpected)
        XCTAssertEqual(run.exitCode, 1)
        let mismatch = "expected refuted by keeps, but check keeps passed; failed instead: takes_state (check inserted == 5)"
        XCTAssertEqual(scenario.refutedByMismatch, mismatch)
        let text = HumanReport.text(run)
        XCTAssertTrue(text.contains("FAIL refuted  S (expected refuted by keeps)"), text)
        XCTAssertTrue(text.contains("    " + mismatch), text)
        XCTAssertTrue(JUnitReport.xml(run).contains(#"<failure message="refuted, expected refuted by keeps" type="refuted">"#), JUnitReport.xml(run))
        XCTAssertTrue(JUnitReport.xml(run).contains(mismatch), JUnitReport.xml(run))
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: try SARIFReport.data(run, toolVersion: "test")) as? [String: Any])
        let result = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleId"] as? String, "scenario-refuted-otherwise")
        XCTAssertTrue(((result["message"] as? [String: Any])?["text"] as? String)?.contains(mismatch) == true, "\(result)")
    }

    /// Unnamed checks are named by their line; a second failure beside the named one is not as expected.
    func testASecondFailedCheckIsNotAsExpected() throws {
        let checks = "check takes_state: inserted == 5\ncheck existing == 4"
        let (_, scenario) = try report(Self.insertion("expect refuted by takes_state", checks: checks))
        XCTAssertEqual(scenario.failedChecks.map(\.reference), ["takes_state", "line 7"])
        XCTAssertFalse(scenario.asExpected)
        XCTAssertEqual(
            scenario.refutedByMismatch, "expected refuted by takes_state, but failed as well: line 7 (check existing == 4)")
        // Naming both is as expected; so is plain `expect refuted`, whose report names both.
        let both = try report(Self.insertion(
            "expect refuted by takes_state, wrong_value", checks: "check takes_state: inserted == 5\ncheck wrong_value: existing == 4")).1
        XCTAssertTrue(both.asExpected)
        let (run, plain) = try report(Self.insertion("expect refuted", checks: checks))
        XCTAssertTrue(plain.asExpected)
        XCTAssertNil(plain.refutedByMismatch)
        XCTAssertTrue(HumanReport.text(run).contains("failed: takes_state (check inserted == 5), line 7 (check existing == 4)"), HumanReport.text(run))
    }

    /// The named check is never evaluated: the second render is undefined behaviour the scenario
    /// does not check for. That is an error, never the refutation it names.
    func testTheNamedCheckAfterAnErrorIsNotARefutation() throws {
        let text = """
            scenario S {
              summary "s"; source R8; rules runtime; expect refuted by keeps
              render { ForEach([1, 2], id: \\.self) { Counter(state: 0) @row } }
              render { ForEach([1, 1], id: \\.self) { Counter(state: 0) @row } }
              check keeps: row[2] survives
            }
            """
        let (run, scenario) = try report(text)
        XCTAssertEqual(scenario.verdict, .error)
        XCTAssertFalse(scenario.asExpected)
        XCTAssertEqual(scenario.failedChecks.map(\.reference), [])
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(HumanReport.text(run).contains("FAIL error    S (expected refuted by keeps)"), HumanReport.text(run))
    }

    /// A named `check undefined` that fails because the render is defined is the refutation; one
    /// that passes is not.
    func testANamedUndefinedCheck() throws {
        let defined = """
            scenario S {
              summary "s"; source R8; rules runtime; expect refuted by duplicate_keys
              render { ForEach([1, 2], id: \\.self) { Counter(state: 0) @row } }
              check duplicate_keys: undefined
            }
            """
        XCTAssertTrue(try report(defined).1.asExpected)
        let undefined = defined.replacingOccurrences(of: "[1, 2]", with: "[1, 1]")
        let scenario = try report(undefined).1
        XCTAssertEqual(scenario.verdict, .proved)
        XCTAssertFalse(scenario.asExpected)
    }

    /// Invalidation scenarios name their checks the same way.
    func testInvalidationChecks() throws {
        func scenario(_ by: String) -> String {
            """
            scenario S {
              summary "s"; source I6; rules runtime; invalidation runtime; expect refuted by \(by)
              render { Preferences(state: 0) @prefs { AppearanceToggle(isDarkMode: $state) @toggle } }
              set prefs = 1
              render { Preferences(state: 0) @prefs { AppearanceToggle(isDarkMode: $state) @toggle } }
              check reran: prefs evaluated because state
              check compared_equal: toggle skipped because equal
            }
            """
        }
        let right = try report(scenario("compared_equal")).1
        XCTAssertTrue(right.asExpected)
        XCTAssertEqual(right.failedChecks.map(\.check), ["toggle skipped because equal"])
        let wrong = try report(scenario("reran")).1
        XCTAssertEqual(wrong.verdict, .refuted)
        XCTAssertFalse(wrong.asExpected)
        XCTAssertEqual(wrong.refutedByMismatch?.hasPrefix("expected refuted by reran, but check reran passed; failed instead: compared_equal"), true)
    }

    /// Every check passes: proved, so `expect refuted by` is not met and says what it expected.
    func testAClaimWhoseChecksAllPassIsNotAsExpected() throws {
        let (run, scenario) = try report(Self.insertion("expect refuted by keeps", checks: "check keeps: existing survives"))
        XCTAssertEqual(scenario.verdict, .proved)
        XCTAssertFalse(scenario.asExpected)
        XCTAssertNil(scenario.refutedByMismatch)
        XCTAssertTrue(HumanReport.text(run).contains("FAIL proved   S (expected refuted by keeps)"), HumanReport.text(run))
    }

    /// The JSON report carries both, per item, and validates against docs/report.schema.json.
    func testJSONNamesTheFailedChecks() throws {
        let (run, _) = try report(Self.insertion(
            "expect refuted by keeps", checks: "check keeps: existing survives\ncheck takes_state: inserted == 5\ncheck existing == 4"))
        let data = try JSONReport.data(run)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try XCTUnwrap((document["lemmas"] as? [[String: Any]])?.first)
        XCTAssertEqual(entry["refutedBy"] as? [String], ["keeps"])
        XCTAssertEqual(entry["asExpected"] as? Bool, false)
        let failed = try XCTUnwrap(entry["failedChecks"] as? [[String: Any]])
        XCTAssertEqual(failed.map { $0["name"] as? String }, ["takes_state", nil])
        XCTAssertTrue(failed[1]["name"] is NSNull)
        XCTAssertEqual(failed.map { $0["check"] as? String }, ["inserted == 5", "existing == 4"])
        XCTAssertEqual(failed.map { $0["line"] as? Int }, [7, 8])
        let schema = Repository.root.appendingPathComponent("docs/report.schema.json").path
        let file = TemporaryFolder.path("report.json")
        try data.write(to: file)
        let check = """
            import json, sys, jsonschema
            jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            """
        let (status, output) = try ExternalTool.run("python3", ["-c", check, schema, file.path])
        XCTAssertEqual(status, 0, output)
    }
}
