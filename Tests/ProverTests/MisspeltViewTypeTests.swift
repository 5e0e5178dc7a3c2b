import Foundation
import TestSupport
import XCTest

@testable import Prover

/// W002 through a whole run: a warning, never a verdict or an exit code.
final class MisspeltViewTypeTests: XCTestCase {
    /// A misspelt type is a warning: the run still checks the scenario and exits 0.
    func testAMisspeltTypeWarnsWithoutChangingTheExitCode() throws {
        let folder = try Repository.temporaryFolder(["s.lemma": RefutedByTests.insertion(
            "expect holds", checks: "check existing survives")
            .replacingOccurrences(of: "if true { Counter", with: "if true { Countr")])
        let run = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(run.problems.map(\.id), ["W002"])
        XCTAssertFalse(run.hasInputErrors)
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertTrue(run.diagnostics.first?.contains("s.lemma:5:31: warning: view type 'Countr' appears only in render 2 of 2") == true, "\(run.diagnostics)")
    }

    /// The reported bug, whole: a misspelt type in the second render makes the claim's premise
    /// fail (`existing` is a new type, so it resets), and plain `expect refuted` took that for the
    /// refutation. With the check named, the run says the named check passed and which failed
    /// instead; W002 names the misspelling.
    func testAMisspeltTypeNoLongerPassesAsTheRefutation() throws {
        let checks = "check keeps: existing survives\ncheck takes_state: inserted == 0"
        let text = RefutedByTests.insertion("expect refuted", checks: checks)
            .replacingOccurrences(of: "if true { Counter(state: 0) @inserted }; Counter", with: "if true { Counter(state: 0) @inserted }; Countr")
        let plain = Verifier(options: VerifierOptions()).run(paths: [try Repository.temporaryFolder(["s.lemma": text])])
        XCTAssertTrue(plain.lemmas[0].asExpected, "plain `expect refuted` is met by any failure")
        XCTAssertEqual(plain.problems.map(\.id), ["W002"])
        let named = text.replacingOccurrences(of: "expect refuted", with: "expect refuted by takes_state")
        let run = Verifier(options: VerifierOptions()).run(paths: [try Repository.temporaryFolder(["s.lemma": named])])
        XCTAssertFalse(run.lemmas[0].asExpected)
        XCTAssertEqual(
            run.lemmas[0].refutedByMismatch,
            "expected refuted by takes_state, but check takes_state passed; failed instead: keeps (check existing survives)")
        XCTAssertEqual(run.exitCode, 1)
    }
}
