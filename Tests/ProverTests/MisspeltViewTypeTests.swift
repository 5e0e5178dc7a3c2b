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
}
