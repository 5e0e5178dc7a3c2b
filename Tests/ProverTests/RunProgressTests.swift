import Foundation
import IdentityModel
import TestSupport
import XCTest

@testable import Prover

/// A lemma run says how far it has got: every task it planned is counted done by the end, the
/// task begun last is named, and the mutation score names its mutant as the stage.
final class RunProgressTests: XCTestCase {
    func testARunCountsEveryTaskItPlannedAndNamesTheLastOne() throws {
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let progress = RunProgress()
        var options = VerifierOptions()
        options.progress = progress
        XCTAssertEqual(progress.snapshot, RunProgress.Snapshot())
        let report = Verifier(options: options).run(paths: [folder])
        XCTAssertEqual(report.lemmas.count, 1)
        let snapshot = progress.snapshot
        // The lemma's solver route, its checker walk, the reduction obligations of its rule set, its verdict.
        XCTAssertGreaterThanOrEqual(snapshot.total, 4)
        XCTAssertEqual(snapshot.done, snapshot.total)
        XCTAssertNil(snapshot.stage)
        let current = try XCTUnwrap(snapshot.current)
        XCTAssertEqual(current, "verdict of flipped")
    }

    func testTheMutationScoreNamesItsMutant() throws {
        try SlowTier.require()  // 26 runs, each with its mutant's reduction obligations
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let progress = RunProgress()
        var options = VerifierOptions()
        options.progress = progress
        options.filter = "flipped"
        _ = Verifier(options: options).mutationScore(paths: [folder])
        let last = try XCTUnwrap(Mutant.all.last)
        XCTAssertEqual(progress.snapshot.stage, "mutant \(Mutant.all.count) of \(Mutant.all.count) (\(last.name))")
    }

    func testTheSlowTierIsOnOnlyForOne() {
        XCTAssertTrue(SlowTier.isEnabled(in: ["VERIFY_SLOW_TESTS": "1"]))
        XCTAssertFalse(SlowTier.isEnabled(in: ["VERIFY_SLOW_TESTS": "0"]))
        XCTAssertFalse(SlowTier.isEnabled(in: ["VERIFY_SLOW_TESTS": ""]))
        XCTAssertFalse(SlowTier.isEnabled(in: [:]))
    }

    /// `VERIFY_LEMMAS_BINARY` (CI's release build for the slow tier) is the binary when it names an
    /// executable, an error when it names anything else (never the debug build instead), and the
    /// build next to the tests when unset.
    func testTheNamedBinaryIsUsedOrRefused() throws {
        let bundled = try VerifyLemmasProcess.binary(in: [:])
        XCTAssertEqual(bundled.lastPathComponent, "verify-lemmas")
        XCTAssertEqual(try VerifyLemmasProcess.binary(in: ["VERIFY_LEMMAS_BINARY": "/bin/sh"]).path, "/bin/sh")
        let notExecutable = Repository.root.appendingPathComponent("Package.swift").path
        for named in [notExecutable, "/no/such/verify-lemmas", ""] {
            XCTAssertThrowsError(try VerifyLemmasProcess.binary(in: ["VERIFY_LEMMAS_BINARY": named])) { error in
                XCTAssertEqual((error as? VerifyLemmasProcess.MissingBinary)?.named, named)
            }
        }
    }
}
