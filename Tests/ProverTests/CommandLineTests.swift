import Foundation
import XCTest
import Z3Kit

/// The `verify-lemmas` executable as CI runs it: exit codes, version, JSON on standard output,
/// options checked before any work, nothing to check (interruption: `InterruptionTests`).
final class CommandLineTests: XCTestCase {
    private var binary: URL { get throws { try VerifyLemmasBinary.url } }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try VerifyLemmasBinary.run(arguments) }

    func testVersionNamesZ3() throws {
        let (status, output) = try run(["--version"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(output.contains("Z3 \(Z3Context.version)"), output)
        XCTAssertTrue(Z3Context.version.hasPrefix("4."), Z3Context.version)
    }

    func testUsageErrorsExitWithTwo() throws {
        let unknownRules = try run(["--rules", "nope"])
        XCTAssertEqual(unknownRules.status, 2, unknownRules.output)
        XCTAssertEqual(try run(["--no-such-option"]).status, 2)
    }

    func testFlippedExpectationExitsWithOneAndJSONSaysWhy() throws {
        let folder = try LemmaSet.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let (status, output) = try run([folder.path, "--json", "-"])
        XCTAssertEqual(status, 1, output)
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let lemma = try XCTUnwrap((json?["lemmas"] as? [[String: Any]])?.first)
        XCTAssertEqual(lemma["verdict"] as? String, "refuted")
        XCTAssertEqual(lemma["asExpected"] as? Bool, false)
        let counterexample = try XCTUnwrap(lemma["counterexample"] as? [String: Any])
        XCTAssertTrue((counterexample["firstDifference"] as? String)?.contains("arm(") ?? false, "\(counterexample)")
        XCTAssertNotNil(counterexample["before"] as? String)
        XCTAssertNotNil(counterexample["trace"] as? [String])
    }

    func testMalformedFileExitsWithTwoAndPointsAtTheError() throws {
        let folder = try LemmaSet.temporaryFolder(["bad.lemma": "lemma x {\n  rules runtime\n  expect holds\n  show p.length > \n}\n"])
        let (status, output) = try run([folder.path])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("bad.lemma:5:1: error: expected a term"), output)
    }

    private static let armsLemma = """
        lemma arms {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    func testOptionsAreCheckedBeforeAnyWork() throws {
        // A report onto a link or a folder is refused, never replaced; pictures into a file too.
        let folder = try LemmaSet.temporaryFolder(["target.json": "kept"])
        let target = folder.appendingPathComponent("target.json")
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let cases: [([String], String)] = [
            (["--timeout", "inf"], "--timeout must be a number of seconds above 0 and at most 86400, not inf"),
            (["--timeout", "-1"], "--timeout must be a number of seconds above 0 and at most 86400, not -1.0"),
            (["--jobs", "-3"], "--jobs must be from 1 to 256, not -3"),
            (["--checker-depth", "9"], "--checker-depth must be from 1 to 6, not 9"),
            (["--json", "/nonexistent-folder/report.json"], "--json /nonexistent-folder/report.json: the folder /nonexistent-folder does not exist"),
            (["--junit", "/dev/null"], "--junit /dev/null: not a regular file"),
            (["--timeout", "1e300"], "--timeout must be a number of seconds above 0 and at most 86400, not 1e+300"),
            (["--json", link.path], "--json \(link.path): not a regular file"),
            (["--dot", target.path], "--dot \(target.path): not a folder"),
            (["--junit", folder.path], "--junit \(folder.path): not a regular file"),
        ]
        for (arguments, message) in cases {
            let (status, output) = try run(arguments)
            XCTAssertEqual(status, 2, "\(arguments): \(output)")
            XCTAssertTrue(output.contains(message), "\(arguments): \(output)")
            XCTAssertFalse(output.contains("checked:"), "\(arguments): work was done before the options were checked")
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path, "the link was replaced")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "kept", "the link's target was written")
    }

    /// An empty folder, a folder without lemma files and a filter nothing matches: exit 2 (E091),
    /// or exit 0 with nothing checked under `--allow-empty`.
    func testNothingToCheckIsAnErrorUnlessAllowed() throws {
        let empty = try LemmaSet.temporaryFolder([:])
        let noLemmaFiles = try LemmaSet.temporaryFolder(["notes.txt": "lemma x {}", "old.lemma.bak": "lemma y {}"])
        let folder = try LemmaSet.temporaryFolder(["arms.lemma": Self.armsLemma])
        let cases: [([String], String)] = [
            ([empty.path], "error: no lemma or scenario in \(empty.path) (files ending in .lemma): nothing to check [E091]"),
            ([noLemmaFiles.path], "error: no lemma or scenario in \(noLemmaFiles.path) (files ending in .lemma): nothing to check [E091]"),
            ([folder.path, "--filter", "no-such-name"], "error: no lemma or scenario matches --filter 'no-such-name': nothing to check [E091]"),
        ]
        for (arguments, message) in cases {
            let refused = try run(arguments)
            XCTAssertEqual(refused.status, 2, "\(arguments): \(refused.output)")
            XCTAssertTrue(refused.output.contains(message), "\(arguments): \(refused.output)")
            let allowed = try run(arguments + ["--allow-empty"])
            XCTAssertEqual(allowed.status, 0, "\(arguments): \(allowed.output)")
            XCTAssertFalse(allowed.output.contains("E091"), "\(arguments): \(allowed.output)")
            XCTAssertTrue(allowed.output.contains("0 checked: 0 as expected, 0 not"), "\(arguments): \(allowed.output)")
        }
        let proofs = try run([empty.path, "--allow-empty", "--write-proofs"])
        XCTAssertEqual(proofs.status, 2, proofs.output)
        XCTAssertTrue(proofs.output.contains("--allow-empty and --write-proofs exclude each other"), proofs.output)
    }

    /// `--require-unbounded` keeps an unbounded proof as expected, and `scope bounded "reason"`
    /// parses (which bounded proofs it excuses is `RequireUnboundedTests`'s).
    func testRequireUnboundedAcceptsUnboundedProofs() throws {
        let folder = try LemmaSet.temporaryFolder([
            "arms.lemma": Self.armsLemma.replacingOccurrences(of: "expect holds", with: "expect holds; scope bounded \"checked on small trees\"")
        ])
        let strict = try run([folder.path, "--require-unbounded"])
        XCTAssertEqual(strict.status, 0, strict.output)
        XCTAssertTrue(strict.output.contains("proved   arms  [unbounded"), strict.output)
        let nonLocal = try run([folder.path, "--mutant", "idOverridesStructure", "--require-unbounded"])
        XCTAssertEqual(nonLocal.status, 1, nonLocal.output)
        XCTAssertTrue(nonLocal.output.contains("unknown  arms (expected proved)"), nonLocal.output)
    }

    /// `explore` exits as TLC does: 0 the property holds within the bounds, 1 it is violated, 2 bad input.
    func testExploreExitsZeroWhenThePropertyHoldsAndOneWhenViolated() throws {
        let holds = try run(["explore", "--depth", "2", "--property", "identity-determines-state"])
        XCTAssertEqual(holds.status, 0, holds.output)
        let violated = try run(["explore", "--depth", "2", "--property", "engineer-expectation"])
        XCTAssertEqual(violated.status, 1, violated.output)
        XCTAssertTrue(violated.output.contains("engineer-expectation: REFUTED within depth 2"), violated.output)
        let bad = try run(["explore", "--depth", "-1"])
        XCTAssertEqual(bad.status, 2, bad.output)
        XCTAssertTrue(bad.output.contains("--depth must be from 1 to 6, not -1"), bad.output)
    }

    /// `diff-rules` lists exactly the items whose verdict differs, with both verdicts.
    func testDiffRulesListsTheLemmasWhoseVerdictDiffers() throws {
        let folder = try LemmaSet.temporaryFolder([
            "anyview.lemma": """
                lemma same_type_anyview_keeps_state {
                  source R5; rules runtime; expect holds
                  forall p: path in before, q: path in after
                  assume sameView(p, q) && exists i in p: p[i].kind == .anyView
                  assume forall i in p: p[i].kind != .forEach && p[i].kind != .explicitID && p[i].kind != .conditional
                  show survives(p, q)
                }
                """,
            "arms.lemma": Self.armsLemma,
        ])
        let (status, output) = try run(["diff-rules", "runtime", "documented", folder.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("same_type_anyview_keeps_state"), output)
        XCTAssertTrue(output.contains("  runtime: proved [unbounded]\n  documented: refuted"), output)
        XCTAssertFalse(output.contains("arms  "), output)
        XCTAssertTrue(output.hasSuffix("1 of 2 items differ between runtime and documented\n"), output)
        XCTAssertEqual(try run(["diff-rules", "runtime", "nope"]).status, 2)
    }
}
