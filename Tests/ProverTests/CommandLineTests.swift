import Encoding
import Foundation
import Prover
import TestSupport
import XCTest

/// The `verify-lemmas` executable as CI runs it: exit codes, version, JSON on standard output,
/// options checked before any work, nothing to check (interruption: `InterruptionTests`).
final class CommandLineTests: XCTestCase {
    /// Runs the binary to the end: exit status and everything it printed.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let finished = try VerifyLemmasProcess.run(arguments)
        return (finished.status, finished.combined)
    }

    /// Runs each of `runs` at once (independent runs of one test): what `run` gives for each, in order.
    private func runAll(_ runs: [[String]]) throws -> [(status: Int32, output: String)] {
        try VerifyLemmasProcess.runAll(runs).map { ($0.status, $0.combined) }
    }

    /// Runs the binary with `--json -`: exit status and the report it wrote on standard output.
    private func report(_ arguments: [String]) throws -> (status: Int32, report: ReportDocument) {
        let finished = try VerifyLemmasProcess.run(arguments + ["--json", "-"])
        return (finished.status, try ReportDocument(finished.output))
    }

    /// Runs `explore` with `--stats-json -`: exit status and its report.
    private func exploration(_ arguments: [String]) throws -> (status: Int32, report: ExplorationDocument) {
        let finished = try VerifyLemmasProcess.run(["explore"] + arguments + ["--stats-json", "-"])
        return (finished.status, try ExplorationDocument(finished.output))
    }

    /// Runs `explore` (the property search) with `--stats-json -`: exit status and its report.
    private func propertySearch(_ arguments: [String]) throws -> (status: Int32, report: [String: Any]) {
        let finished = try VerifyLemmasProcess.run(["explore"] + arguments + ["--stats-json", "-"])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(finished.output.utf8)) as? [String: Any], finished.combined)
        return (finished.status, report)
    }

    /// `--quiet` prints only what is not as expected and the summary (it printed every item's line,
    /// its help promising only no progress line); without it every item has its line.
    func testQuietPrintsOnlyWhatIsNotAsExpected() throws {
        let folder = try Repository.temporaryFolder([
            "s.lemma": """
                scenario kept_zero {
                  source R1; rules runtime; expect holds
                  render { VStack { Counter(state: 0) @c } }
                  check c == 0
                }
                scenario wrong_one {
                  source R1; rules runtime; expect holds
                  render { VStack { Counter(state: 0) @c } }
                  check c == 1
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = try VerifyLemmasProcess.runAll([[folder.path], [folder.path, "--quiet"]])
        let (loud, quiet) = (runs[0], runs[1])
        for run in [loud, quiet] {
            XCTAssertEqual(run.status, 1, run.combined)
            XCTAssertTrue(run.output.contains("FAIL"), run.output)
            XCTAssertTrue(run.output.contains("wrong_one"), run.output)
            XCTAssertTrue(run.output.contains("2 checked: 1 as expected, 1 not"), run.output)
        }
        XCTAssertTrue(loud.output.contains("kept_zero"), loud.output)
        XCTAssertTrue(loud.output.contains("rules no lemma exercises"), loud.output)
        XCTAssertFalse(quiet.output.contains("kept_zero"), quiet.output)
        XCTAssertFalse(quiet.output.contains("rules no lemma exercises"), quiet.output)
        XCTAssertEqual(quiet.output.split(separator: "\n").filter { $0.hasPrefix("ok ") }, [], quiet.output)
    }

    func testVersionNamesZ3() throws {
        let (status, output) = try run(["--version"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(output.contains("Z3 \(SolverSession.z3Version)"), output)
        XCTAssertTrue(SolverSession.z3Version.hasPrefix("4."), SolverSession.z3Version)
    }

    func testUsageErrorsExitWithTwo() throws {
        let unknownRules = try run(["--rules", "nope"])
        XCTAssertEqual(unknownRules.status, 2, unknownRules.output)
        XCTAssertEqual(try run(["--no-such-option"]).status, 2)
    }

    func testFlippedExpectationExitsWithOneAndJSONSaysWhy() throws {
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let (status, output) = try run([folder.path, "--json", "-"])
        XCTAssertEqual(status, 1, output)
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let lemma = try XCTUnwrap((json?["lemmas"] as? [[String: Any]])?.first)
        XCTAssertEqual(lemma["verdict"] as? String, "refuted")
        XCTAssertEqual(lemma["asExpected"] as? Bool, false)
        let counterexample = try XCTUnwrap(lemma["counterexample"] as? [String: Any])
        let difference = try XCTUnwrap(counterexample["firstDifference"] as? [String: Any])
        XCTAssertEqual(difference["element"] as? Int, 0, "\(counterexample)")
        XCTAssertTrue((difference["description"] as? String)?.contains("arm(") ?? false, "\(counterexample)")
        XCTAssertEqual((counterexample["renders"] as? [[String: Any]])?.map { $0["name"] as? String }, ["before", "after"])
        XCTAssertEqual((counterexample["paths"] as? [[String: Any]])?.map { $0["variable"] as? String }, ["p", "q"])
        XCTAssertEqual((counterexample["failure"] as? [String: Any])?["render"] as? Int, 1)
        XCTAssertNotNil(counterexample["trace"] as? [[String: Any]])
    }

    func testExamplePrintsAWitnessOrExitsWithTwoForAnUnknownName() throws {
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let (status, output) = try run([folder.path, "--example", "flipped"])
        XCTAssertEqual(status, 0, output)
        XCTAssertNil(Self.noWitnessCode(output), output)
        XCTAssertTrue(output.contains("the assumptions all hold on these renders"), output)
        XCTAssertTrue(output.contains("◀ p") && output.contains("◀ q"), output)
        XCTAssertFalse(output.contains("goes wrong"), output)
        XCTAssertEqual(try run([folder.path, "--example", "nope"]).status, 2)
        let contradictory = try Repository.temporaryFolder(["empty.lemma": """
            lemma empty {
              summary "assumptions no path meets"
              source R2
              rules runtime
              expect holds
              forall p: path in before, q: path in after
              assume p.length > 2
              assume p.length < 1
              show p.length == q.length
            }
            """])
        let none = try run([contradictory.path, "--example", "empty"])
        XCTAssertEqual(none.status, 1, none.output)
        XCTAssertEqual(Self.noWitnessCode(none.output), "vacuous", none.output)
    }

    /// `--example`'s "the lemma is vacuous" is a run's vacuity: Z3's unsat at the path level, and
    /// the reduction that carries it to trees. Under `--mutant optionalShiftsSiblings` (siblings.tuple
    /// fails) the check run leaves this lemma unknown, and `--example` said it was vacuous (FINDINGS 20).
    func testExampleSaysVacuousOnlyWhenTheReductionCarriesIt() throws {
        let folder = try Repository.temporaryFolder(["vacuous.lemma": """
            lemma slot_below_earlier_siblings {
              summary "more earlier siblings rendered than there are earlier siblings"; source R3; rules runtime; expect holds
              forall p: path in before
              assume p.length == 1 && p[0].kind == .tuple && p[0].presentBefore > p[0].slot
              show true
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = try runAll([
            [folder.path, "--example", "slot_below_earlier_siblings"],
            [folder.path, "--example", "slot_below_earlier_siblings", "--mutant", "optionalShiftsSiblings"],
        ])
        let (plain, mutant) = (runs[0], runs[1])
        XCTAssertEqual(plain.status, 1, plain.output)
        XCTAssertEqual(Self.noWitnessCode(plain.output), "vacuous", plain.output)
        XCTAssertEqual(mutant.status, 1, mutant.output)
        XCTAssertEqual(Self.noWitnessCode(mutant.output), "obligation-unproved", mutant.output)
        // Which obligation fell short, typed: `--example` in process.
        var options = VerifierOptions()
        options.mutation = .optionalShiftsSiblings
        let example = try XCTUnwrap(Verifier(options: options).example(named: "slot_below_earlier_siblings", paths: [folder]))
        guard case .obligationsFallShort(.unproved(.reduction, let rules, let failed, _, _))? = example.noWitness else {
            return XCTFail(example.text)
        }
        XCTAssertEqual(rules, "runtime+optionalShiftsSiblings")
        XCTAssertEqual(failed, ["siblings.tuple"])
    }

    /// The code `--example` prints after "no witness:" (`[vacuous]`), or `nil` when it found a witness.
    private static func noWitnessCode(_ output: String) -> String? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("    no witness: ") }),
            line.hasSuffix("]"), let open = line.lastIndex(of: "[")
        else { return nil }
        return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
    }

    func testMalformedFileExitsWithTwoAndPointsAtTheError() throws {
        let folder = try Repository.temporaryFolder(["bad.lemma": Self.badLemma])
        let (status, report) = try report([folder.path])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(report.exitCode, 2)
        let expectedTerm = try XCTUnwrap(report.diagnostics.first { $0.id == "E004" }, "\(report.diagnostics)")
        XCTAssertEqual(expectedTerm.severity, "error")
        XCTAssertEqual(expectedTerm.file.map { URL(fileURLWithPath: $0).lastPathComponent }, "bad.lemma")
        XCTAssertEqual([expectedTerm.line, expectedTerm.column], [5, 1])
    }

    /// Wording on purpose: the human report prints a diagnostic as compilers do,
    /// `file:line:col: error: message [ID]`, which editors and code hosts parse.
    func testWordingOfADiagnosticIsCompilerStyle() throws {
        let folder = try Repository.temporaryFolder(["bad.lemma": Self.badLemma])
        let (status, output) = try run([folder.path])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("bad.lemma:5:1: error: expected a term"), output)
    }

    private static let badLemma = "lemma x {\n  rules runtime\n  expect holds\n  show p.length > \n}\n"

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
        let folder = try Repository.temporaryFolder(["target.json": "kept"])
        let target = folder.appendingPathComponent("target.json")
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        // Each refusal: its usage code, and the option it names first (with the path, for a destination).
        let cases: [([String], String, String)] = [
            (["--timeout", "inf"], "U005", "--timeout "),
            (["--timeout", "-1"], "U005", "--timeout "),
            (["--jobs", "-3"], "U005", "--jobs "),
            (["--checker-depth", "9"], "U005", "--checker-depth "),
            (["--json", "/nonexistent-folder/report.json"], "U023", "--json /nonexistent-folder/report.json: "),
            (["--junit", "/dev/null"], "U021", "--junit /dev/null: "),
            (["--timeout", "1e300"], "U005", "--timeout "),
            (["--json", link.path], "U021", "--json \(link.path): "),
            (["--dot", target.path], "U021", "--dot \(target.path): "),
            (["--junit", folder.path], "U021", "--junit \(folder.path): "),
            (["--check-proofs", "--write-proofs"], "U006", "--check-proofs "),
            (["--shard", "2/1"], "U007", "--shard "),
            (["--jobs", "x"], "U014", ""),
            (["--no-such-option"], "U014", ""),
        ]
        for (arguments, code, subject) in cases {
            let (status, output) = try run(arguments)
            XCTAssertEqual(status, 2, "\(arguments): \(output)")
            XCTAssertEqual(PrintedCodes.codes(in: output), [code], "\(arguments): \(output)")
            XCTAssertTrue(PrintedCodes.line(endingWith: code, in: output)?.hasPrefix("Error: \(subject)") == true, "\(arguments): \(output)")
            XCTAssertFalse(output.contains("checked:"), "\(arguments): work was done before the options were checked")
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path, "the link was replaced")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "kept", "the link's target was written")
    }

    /// An empty folder, a folder without lemma files and a filter nothing matches: exit 2 (E091),
    /// or exit 0 with nothing checked under `--allow-empty`.
    func testNothingToCheckIsAnErrorUnlessAllowed() throws {
        let empty = try Repository.temporaryFolder([:])
        let noLemmaFiles = try Repository.temporaryFolder(["notes.txt": "lemma x {}", "old.lemma.bak": "lemma y {}"])
        let folder = try Repository.temporaryFolder(["arms.lemma": Self.armsLemma])
        for arguments in [[empty.path], [noLemmaFiles.path], [folder.path, "--filter", "no-such-name"]] {
            let refused = try report(arguments)
            XCTAssertEqual(refused.status, 2, "\(arguments)")
            XCTAssertEqual(refused.report.exitCode, 2, "\(arguments)")
            XCTAssertEqual(refused.report.diagnostics.map(\.id), ["E091"], "\(arguments)")
            XCTAssertEqual(refused.report.diagnostics.map(\.severity), ["error"], "\(arguments)")
            XCTAssertEqual(refused.report.lemmas.count, 0, "\(arguments)")
            let allowed = try report(arguments + ["--allow-empty"])
            XCTAssertEqual(allowed.status, 0, "\(arguments)")
            XCTAssertEqual(allowed.report.exitCode, 0, "\(arguments)")
            XCTAssertEqual(allowed.report.diagnostics.map(\.id), [], "\(arguments)")
            XCTAssertEqual(allowed.report.lemmas.count, 0, "\(arguments)")
        }
        let proofs = try run([empty.path, "--allow-empty", "--write-proofs"])
        XCTAssertEqual(proofs.status, 2, proofs.output)
        XCTAssertEqual(PrintedCodes.codes(in: proofs.output), ["U006"], proofs.output)
    }

    /// `--require-unbounded` keeps an unbounded proof as expected, and `scope bounded "reason"`
    /// parses (which bounded proofs it excuses is `RequireUnboundedTests`'s).
    func testRequireUnboundedAcceptsUnboundedProofs() throws {
        let folder = try Repository.temporaryFolder([
            "arms.lemma": Self.armsLemma.replacingOccurrences(of: "expect holds", with: "expect holds; scope bounded \"checked on small trees\"")
        ])
        let runs = try VerifyLemmasProcess.runAll([
            [folder.path, "--require-unbounded", "--checker-depth", "2", "--json", "-"],
            [folder.path, "--mutant", "idOverridesStructure", "--require-unbounded", "--checker-depth", "2", "--json", "-"],
        ])
        let (strict, nonLocal) = (try ReportDocument(runs[0].output), try ReportDocument(runs[1].output))
        XCTAssertEqual(runs[0].status, 0, runs[0].errors)
        let proved = try XCTUnwrap(strict.entry("arms"))
        XCTAssertEqual([proved.verdict, proved.scope], ["proved", "unbounded"])
        XCTAssertTrue(proved.asExpected)
        XCTAssertEqual(runs[1].status, 1, runs[1].errors)
        let unknown = try XCTUnwrap(nonLocal.entry("arms"))
        XCTAssertEqual([unknown.verdict, unknown.expectedVerdict, unknown.reasonCode], ["unknown", "proved", "solver-inapplicable"])
        XCTAssertFalse(unknown.asExpected)
    }

    /// `--explain` prints its block under each verdict, puts `explanation` in the JSON, and exits as
    /// the run does without it; with a mutant that leaves the lemma outside the path level it says
    /// explain does not apply to the unknown verdict.
    func testExplainPrintsTheCoreAndKeepsTheExitStatus() throws {
        let folder = try Repository.temporaryFolder(["explain.lemma": ExplainTests.fixture])
        let runs = try VerifyLemmasProcess.runAll([
            [folder.path, "--explain", "--checker-depth", "1"], [folder.path, "--explain", "--checker-depth", "1", "--json", "-"],
            [folder.path, "--explain", "--checker-depth", "1", "--filter", "needs_the_first", "--mutant", "idOverridesStructure", "--json", "-"],
        ])
        let (human, json, nonLocal) = (runs[0], runs[1], runs[2])
        XCTAssertEqual(human.status, 0, human.combined)
        XCTAssertEqual(json.status, 0, json.errors)
        let document = try ReportDocument(json.output)
        let blocks = human.output.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("explain:") }
        XCTAssertEqual(blocks.count, document.lemmas.count, "one block under each verdict: \(human.output)")
        XCTAssertEqual(document.lemmas.compactMap(\.explanation).count, document.lemmas.count)
        let proof = try XCTUnwrap(document.entry("needs_the_first_of_two")?.explanation)
        XCTAssertEqual([proof.kind, proof.scope], ["proof", "unbounded"])
        XCTAssertEqual(proof.core?.count, 3)
        XCTAssertEqual(
            proof.unneededAssumptions, [.init(number: 2, file: "\(folder.path)/explain.lemma", line: 5, column: 10)])
        XCTAssertEqual(nonLocal.status, 1, nonLocal.errors)
        let unknown = try ReportDocument(nonLocal.output)
        XCTAssertEqual(unknown.entry("needs_the_first_of_two")?.verdict, "unknown")
        XCTAssertEqual(unknown.entry("needs_the_first_of_two")?.explanation?.kind, "notApplicable")
        XCTAssertEqual(unknown.entry("needs_the_first_of_two")?.explanation?.reasonCode, "verdict-unknown")
    }

    /// SIGINT during a long run: exit 130, the reason on standard error, no report written.
    func testInterruptionWritesNothingAndExits130() throws {
        let report = TemporaryFolder.path("interrupted.json")
        let running = try VerifyLemmasProcess.start([Repository.lemmas.path, "--mutants", "--json", report.path])
        // At once, the moment its handler is in place: a dispatch signal source lost a signal sent
        // before its registration ended, and the run went on to the end.
        XCTAssertTrue(running.waitUntilItCatches(SIGINT), "the run did not catch SIGINT with a handler before it ended")
        running.send(SIGINT)
        let finished = running.wait()
        XCTAssertFalse(finished.signalled)
        XCTAssertEqual(finished.status, 130, finished.errors)
        XCTAssertEqual(PrintedCodes.codes(in: finished.errors), ["X001"], finished.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report.path))
    }

    /// SIGTERM the moment the handler is in place, five times: always exit 143 with the reason
    /// (FINDINGS 24: a signal in a run's first milliseconds was lost and the run went on).
    func testASignalTheMomentTheHandlerIsInPlaceIsNeverLost() throws {
        for attempt in 1...5 {
            let running = try VerifyLemmasProcess.start([Repository.lemmas.path, "--mutants"])
            XCTAssertTrue(running.waitUntilItCatches(SIGTERM), "attempt \(attempt): no handler of SIGTERM before the run ended")
            running.send(SIGTERM)
            let finished = running.wait()
            XCTAssertEqual(finished.status, 143, "attempt \(attempt): " + finished.errors)
            XCTAssertEqual(PrintedCodes.codes(in: finished.errors), ["X001"], finished.errors)
        }
    }

    /// `explore` exits as TLC does: 0 the property holds within the bounds, 1 it is violated, 2 bad input.
    func testExploreExitsZeroWhenThePropertyHoldsAndOneWhenViolated() throws {
        let holds = try propertySearch(["--depth", "2", "--property", "identity-determines-state"])
        XCTAssertEqual(holds.status, 0)
        XCTAssertEqual(holds.report["holds"] as? Bool, true)
        let violated = try propertySearch(["--depth", "2", "--property", "engineer-expectation"])
        XCTAssertEqual(violated.status, 1)
        XCTAssertEqual(violated.report["property"] as? String, "engineer-expectation")
        XCTAssertEqual(violated.report["holds"] as? Bool, false)
        XCTAssertEqual((violated.report["bounds"] as? String)?.hasPrefix("depth 2,"), true, "\(violated.report)")
        XCTAssertNotNil(violated.report["counterexample"] as? String)
        let bad = try run(["explore", "--depth", "-1"])
        XCTAssertEqual(bad.status, 2, bad.output)
        XCTAssertEqual(PrintedCodes.codes(in: bad.output), ["U005"], bad.output)
    }

    /// `explore --lemma`: the checker alone on a file's lemmas; 1 with the counterexample as code
    /// when one is refuted, 0 when none is within the bounds (never "proved"), 2 on bad input.
    func testExploreLemmaRefutesWithATraceAndFindsNothingInATrueLemma() throws {
        let folder = try Repository.temporaryFolder([
            "false.lemma": LemmaSet.flippedLemma, "true.lemma": Self.armsLemma, "bad.lemma": "lemma x {\n  rules runtime\n  expect holds\n  show p.length > \n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = { (name: String) in folder.appendingPathComponent(name).path }
        let runs = try VerifyLemmasProcess.runAll([
            ["explore", "--lemma", file("false.lemma"), "--depth", "2", "--branching", "2"],
            ["explore", "--lemma", file("false.lemma"), "--depth", "2", "--branching", "2", "--stats-json", "-"],
            ["explore", "--lemma", file("true.lemma"), "--depth", "3", "--branching", "2", "--stats-json", "-"],
            ["explore", "--lemma", file("bad.lemma")], ["explore", "--lemma", file("none.lemma")],
            ["explore", "--lemma", file("true.lemma"), "--filter", "nope"],
        ])
        let (text, refuted, holds, bad, missing, unmatched) = (runs[0], runs[1], runs[2], runs[3], runs[4], runs[5])
        XCTAssertEqual(text.status, 1, text.combined)
        XCTAssertEqual(refuted.status, 1, refuted.errors)
        let refutedReport = try ExplorationDocument(refuted.output)
        XCTAssertEqual(refutedReport.exitCode, 1)
        let counterexample = try XCTUnwrap(refutedReport.item("flipped"), "\(refutedReport.items.map(\.name))")
        XCTAssertEqual([counterexample.verdict, counterexample.expected], ["refuted", "holds"])
        XCTAssertEqual(counterexample.asExpected, false)
        // The counterexample as code: the text report prints it under the verdict (JSON's adds
        // the paths and the trace).
        let code = try XCTUnwrap(counterexample.counterexample)
        XCTAssertTrue(code.contains { $0.contains("Counter(state: 0)") }, "\(code)")
        let printed = text.output.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertFalse(printed.isEmpty, text.output)
        XCTAssertEqual(printed, Array(code.map { $0.trimmingCharacters(in: .whitespaces) }.prefix(printed.count)), text.output)
        XCTAssertEqual(holds.status, 0, holds.errors)
        let holdsReport = try ExplorationDocument(holds.output)
        XCTAssertEqual(holdsReport.exitCode, 0)
        let arms = try XCTUnwrap(holdsReport.item("arms"))
        XCTAssertEqual(arms.verdict, "no counterexample within bounds")
        XCTAssertEqual(arms.asExpected, true)
        XCTAssertEqual(arms.bounds?.hasPrefix("depth 3, branching 2,"), true, "\(arms.bounds ?? "no bounds")")
        XCTAssertEqual(bad.status, 2, bad.combined)
        XCTAssertEqual(DiagnosticLine.all(in: bad.combined), [DiagnosticLine(file: "bad.lemma", line: 5, column: 1, id: "E004")], bad.combined)
        XCTAssertEqual(missing.status, 2, missing.combined)
        XCTAssertEqual(DiagnosticLine.all(in: missing.combined), [DiagnosticLine(file: "none.lemma", id: "E090")], missing.combined)
        XCTAssertEqual(unmatched.status, 2, unmatched.combined)
        XCTAssertEqual(DiagnosticLine.ids(in: unmatched.combined), ["E091"], unmatched.combined)
    }

    /// `explore --lemma` honours `expect` and takes folders: a lemma expected refuted that the
    /// checker refutes is as expected (exit 0); one expected refuted that the bounds do not refute
    /// is not (exit 1), nor is one expected to hold that is refuted; scenarios change nothing.
    func testExploreLemmaHonoursExpectAndTakesFolders() throws {
        let expectedRefuted = LemmaSet.flippedLemma.replacingOccurrences(of: "expect holds", with: "expect refuted")
        let wronglyRefuted = Self.armsLemma.replacingOccurrences(of: "expect holds", with: "expect refuted")
        let folder = try Repository.temporaryFolder(["a/refuted.lemma": expectedRefuted, "b/holds.lemma": Self.armsLemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let asExpected = try exploration(["--lemma", folder.path, "--depth", "2", "--branching", "2"])
        XCTAssertEqual(asExpected.status, 0)
        XCTAssertEqual(asExpected.report.exitCode, 0)
        XCTAssertEqual(asExpected.report.items.map(\.name), ["flipped", "arms"])
        XCTAssertEqual(asExpected.report.items.map(\.verdict), ["refuted", "no counterexample within bounds"])
        XCTAssertEqual(asExpected.report.items.map(\.expected), ["refuted", "holds"])
        XCTAssertEqual(asExpected.report.items.map(\.asExpected), [true, true])
        XCTAssertEqual(asExpected.report.item("arms")?.bounds?.hasPrefix("depth 2, branching 2,"), true)

        try wronglyRefuted.write(to: folder.appendingPathComponent("b/holds.lemma"), atomically: true, encoding: .utf8)
        let notRefuted = try exploration(["--lemma", folder.path, "--depth", "2", "--branching", "2"])
        XCTAssertEqual(notRefuted.status, 1)
        XCTAssertEqual(notRefuted.report.exitCode, 1)
        let arms = try XCTUnwrap(notRefuted.report.item("arms"))
        XCTAssertEqual([arms.verdict, arms.expected], ["no counterexample within bounds", "refuted"])
        XCTAssertEqual(arms.asExpected, false)
        let empty = try Repository.temporaryFolder()
        let nothing = try run(["explore", "--lemma", empty.path])
        XCTAssertEqual(nothing.status, 2, nothing.output)
        XCTAssertEqual(DiagnosticLine.ids(in: nothing.output), ["E091"], nothing.output)
    }

    /// `explore --lemma` on scenarios and invalidation lemmas alone explores nothing: exit 2, as
    /// the lemma run with nothing to check (it was 0, "every explored lemma is as expected", for a
    /// false invalidation lemma expected to hold and a failing scenario).
    func testExploreLemmaWithNothingExplorableIsExitTwo() throws {
        let folder = try Repository.temporaryFolder([
            "i.lemma": """
                lemma inval_false {
                  source I1; rules runtime; invalidation runtime; expect holds
                  forall p: path in after
                  assume !rendered(p, before)
                  show !evaluated(p, after)
                }
                scenario s {
                  source R4; rules runtime; expect holds
                  render { VStack { Counter(state: 0) @c } }
                  check c == 1
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let nothing = try run(["explore", "--lemma", folder.path])
        XCTAssertEqual(nothing.status, 2, nothing.output)
        XCTAssertEqual(DiagnosticLine.ids(in: nothing.output), ["E091"], nothing.output)
        let json = try exploration(["--lemma", folder.path])
        XCTAssertEqual(json.status, 2)
        XCTAssertEqual(json.report.exitCode, 2)
        XCTAssertEqual(json.report.items.map(\.verdict), ["not applicable", "not applicable"])
        XCTAssertEqual(json.report.items.map(\.asExpected), [nil, nil])
    }

    /// `explore --mutant`: a mutant's states against the reference identities, exit 1 with the
    /// shortest trace; shards of an exploration merge to the whole, and a missing shard is exit 2.
    func testExploreMutantAndShardsThatMerge() throws {
        let mutant = try propertySearch(["--depth", "2", "--steps", "2", "--mutations", "--mutant", "idValueIgnored"])
        XCTAssertEqual(mutant.status, 1)
        XCTAssertEqual(mutant.report["mutant"] as? String, "idValueIgnored")
        XCTAssertEqual(mutant.report["holds"] as? Bool, false)
        XCTAssertEqual(mutant.report["counterexampleActions"] as? Int, 2, "the shortest trace sets a state once: \(mutant.report)")
        let folder = TemporaryFolder.path("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = (1...2).map { folder.appendingPathComponent("part\($0).json").path }
        for (index, part) in parts.enumerated() {
            let shard = try run(["explore", "--depth", "2", "--property", "identity-determines-state", "--shard", "\(index + 1)/2", "--stats-json", part])
            XCTAssertEqual(shard.status, 0, shard.output)
        }
        let merged = try run(["merge"] + parts)
        XCTAssertEqual(merged.status, 0, merged.output)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(merged.output.utf8)) as? [String: Any])
        XCTAssertEqual(json["statesGenerated"] as? Int, 1_024)
        XCTAssertEqual(json["distinctStates"] as? Int, 276)
        XCTAssertEqual(json["shards"] as? [String], ["1/2", "2/2"])
        let missing = try run(["merge", parts[0]])
        XCTAssertEqual(missing.status, 2, missing.output)
        XCTAssertEqual(PrintedCodes.codes(in: missing.output), ["M016"], missing.output)
    }

    /// `--shard i/n` of the lemma run: the parts' JSON reports merge to every item once.
    func testLemmaRunShardsMergeToTheWholeSet() throws {
        let folder = TemporaryFolder.path("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = (1...2).map { folder.appendingPathComponent("part\($0).json").path }
        var names: [String] = []
        let runs = try runAll(parts.enumerated().map { ["--filter", "seed002_same", "--shard", "\($0.offset + 1)/2", "--json", $0.element] } + [
            ["--shard", "1/2", "--mutants"]
        ])
        for (part, shard) in zip(parts, runs) {
            XCTAssertEqual(shard.status, 0, shard.output)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: part))) as? [String: Any]
            names += (json?["lemmas"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        let merged = try run(["merge"] + parts)
        XCTAssertEqual(merged.status, 0, merged.output)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(merged.output.utf8)) as? [String: Any])
        let mergedNames = (json["lemmas"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(mergedNames, ["seed002_same_type_same_position_is_same_identity", "seed002_same_id_in_both_arms_keeps_state"])
        XCTAssertEqual(names.sorted(), mergedNames.sorted(), "each item in exactly one part")
        let refused = try XCTUnwrap(runs.last)
        XCTAssertEqual(runs.count, 3)
        XCTAssertEqual(refused.status, 2, refused.output)
    }

    /// `merge` adds up only the shards of one run: a lost shard (whose item failed), a shard given
    /// twice, a `--mutant` shard, a shard run with another `--rlimit`, `--timeout` or
    /// `--checker-depth`, or over other lemma files is refused with exit 2, naming file and field.
    func testMergeRefusesShardsThatAreNotOneRun() throws {
        try SlowTier.require()
        let folder = try Repository.temporaryFolder(["a.lemma": Self.armsLemma, "b.lemma": LemmaSet.flippedLemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        func shard(_ part: String, _ options: [String] = []) throws -> String {
            let file = folder.appendingPathComponent("\(part.replacingOccurrences(of: "/", with: "of"))\(options.joined()).json").path
            let finished = try run([folder.path, "--shard", part, "--json", file] + options)
            XCTAssertNotEqual(finished.status, 2, finished.output)
            return file
        }
        let first = try shard("1/2"), second = try shard("2/2")
        let whole = try run(["merge", first, second])
        XCTAssertEqual(whole.status, 1, "the failing item of shard 2/2 fails the merged run: \(whole.output)")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(whole.output.utf8)) as? [String: Any])
        XCTAssertEqual((json["lemmas"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["arms", "flipped"])
        XCTAssertEqual((json["coverage"] as? [String: Any])?["shard"] as? String, "1/1")

        // Each refusal: its code, and the file and field it names first.
        let mutant = try shard("2/2", ["--mutant", "noRetention"]), rlimit = try shard("2/2", ["--rlimit", "20000000"])
        let timeout = try shard("2/2", ["--timeout", "30"]), depth = try shard("2/2", ["--checker-depth", "2"]), third = try shard("2/3")
        let refusals: [([String], String, String)] = [
            ([first], "M016", "coverage.shard: "),
            ([first, first, second], "M015", "\(first): coverage.shard "),
            ([first, mutant], "M013", "\(mutant): coverage.options.mutant "),
            ([first, rlimit], "M013", "\(rlimit): coverage.options.rlimit "),
            ([first, timeout], "M013", "\(timeout): coverage.options.timeoutSeconds "),
            ([first, depth], "M013", "\(depth): coverage.options.checkerDepth "),
            ([first, third], "M014", "\(third): coverage.shard "),
        ]
        for (reports, code, subject) in refusals {
            let merged = try run(["merge"] + reports)
            XCTAssertEqual(merged.status, 2, merged.output)
            XCTAssertEqual(PrintedCodes.codes(in: merged.output), [code], "\(reports): \(merged.output)")
            XCTAssertTrue(PrintedCodes.line(endingWith: code, in: merged.output)?.hasPrefix("verify-lemmas merge: \(subject)") == true, merged.output)
        }
        // The same shard over an edited lemma file: other inputs.
        try (Self.armsLemma + "\n").write(to: folder.appendingPathComponent("a.lemma"), atomically: true, encoding: .utf8)
        let edited = try run(["merge", first, try shard("2/2", ["--rlimit", "30000000"])])
        XCTAssertEqual(edited.status, 2, edited.output)
        XCTAssertEqual(PrintedCodes.codes(in: edited.output), ["M013"], edited.output)
        XCTAssertTrue(PrintedCodes.line(endingWith: "M013", in: edited.output)?.contains(": coverage.inputs.sha256 ") == true, edited.output)
        // A report without a coverage (an older tool's) is refused too.
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: second))) as? [String: Any])
        document["coverage"] = nil
        let old = folder.appendingPathComponent("old.json")
        try JSONSerialization.data(withJSONObject: document).write(to: old)
        let unsaid = try run(["merge", first, old.path])
        XCTAssertEqual(unsaid.status, 2, unsaid.output)
        XCTAssertEqual(PrintedCodes.codes(in: unsaid.output), ["M011"], unsaid.output)
        XCTAssertTrue(PrintedCodes.line(endingWith: "M011", in: unsaid.output)?.hasPrefix("verify-lemmas merge: \(old.path): ") == true, unsaid.output)
        // And so is a shard run with another Z3.
        document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: second))) as? [String: Any])
        document["z3Version"] = "4.13.0"
        try JSONSerialization.data(withJSONObject: document).write(to: old)
        let otherZ3 = try run(["merge", first, old.path])
        XCTAssertEqual(otherZ3.status, 2, otherZ3.output)
        XCTAssertEqual(PrintedCodes.codes(in: otherZ3.output), ["M010"], otherZ3.output)
        XCTAssertTrue(PrintedCodes.line(endingWith: "M010", in: otherZ3.output)?.hasPrefix("verify-lemmas merge: \(old.path): z3Version ") == true, otherZ3.output)
    }

    /// `--check-proofs --filter` (and `--shard`) compares the Proofs/ entries of what it ran and says
    /// so; it called every other recorded lemma and obligation drift (ProofStoreScopeTests: drift in
    /// what it ran is still found).
    func testCheckProofsOfPartOfTheSetChecksOnlyThatPart() throws {
        let runs = try runAll([
            ["--check-proofs", "--filter", "seed002_same"], ["--check-proofs", "--filter", "seed002_same", "--shard", "2/2"],
        ])
        let (filtered, shard) = (runs[0], runs[1])
        XCTAssertEqual(filtered.status, 0, filtered.output)
        XCTAssertTrue(
            filtered.output.contains("proofs: no drift from Proofs/ in the entries of the items run (--filter 'seed002_same')"), filtered.output)
        XCTAssertEqual(shard.status, 0, shard.output)
        XCTAssertTrue(shard.output.contains("(--filter 'seed002_same', --shard 2/2)"), shard.output)
        // It counts what z3 and cvc5 re-checked: a refutation without a certificate is not "agreed with".
        XCTAssertNotNil(
            filtered.output.range(
                of: #"agree with every unbounded proof \([0-9]+, obligations included\) and refutation certificate \([0-9]+ of [0-9]+ refutations"#,
                options: .regularExpression), filtered.output)
    }

    /// `--check-proofs` with a cvc5 that answers `unknown` to every script (a stand-in on `PATH`
    /// before the real one; z3 stays the real binary): the proofs stand by z3, so the run exits 0
    /// and lists the lemma's script and each obligation's as inconclusive, by code. One that answers
    /// `sat` to the lemma's `unsat` proof is a drift: exit 1, nothing listed as inconclusive.
    func testAnInconclusiveSecondSolverIsListedAndLeavesTheExitStatus() throws {
        let name = "seed002_stable_ids_survive_sorting"
        let folder = try Repository.temporaryFolder(["unknown/cvc5": "#!/bin/sh\necho unknown\n", "sat/cvc5": "#!/bin/sh\necho sat\n"])
        var paths: [String: String] = [:]
        for answer in ["unknown", "sat"] {
            let fake = folder.appendingPathComponent("\(answer)/cvc5")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
            paths[answer] = fake.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        }
        let arguments = ["--check-proofs", "--filter", name]
        let unknown = try VerifyLemmasProcess.start(arguments, environment: ["PATH": try XCTUnwrap(paths["unknown"])])
        let sat = try VerifyLemmasProcess.start(arguments, environment: ["PATH": try XCTUnwrap(paths["sat"])])
        let (inconclusive, drifted) = (unknown.wait(), sat.wait())
        XCTAssertEqual(inconclusive.status, 0, inconclusive.combined)
        let listed = inconclusive.combined.split(separator: "\n").filter { $0.hasSuffix("[second-solver-unknown]") }
        XCTAssertTrue(listed.contains { $0.contains("second solver: lemmas/\(name).smt2: cvc5 ") }, inconclusive.combined)
        XCTAssertTrue(listed.contains { $0.contains(": cvc5 ") && !$0.contains("lemmas/") }, "no obligation listed\n\(inconclusive.combined)")
        XCTAssertTrue(listed.allSatisfy { $0.contains(": cvc5 ") }, "z3 is the real one\n\(inconclusive.combined)")
        XCTAssertEqual(drifted.status, 1, drifted.combined)
        XCTAssertFalse(drifted.combined.contains("[second-solver-unknown]"), drifted.combined)
        XCTAssertTrue(drifted.combined.contains("second solver: lemmas/\(name).smt2: cvc5 answered 'sat'"), drifted.combined)
    }

    /// `diff-rules` lists exactly the items whose verdict differs, with both verdicts (`--json`);
    /// the text is checked for its wording on purpose (an item's line, its sides, the count).
    func testDiffRulesListsTheLemmasWhoseVerdictDiffers() throws {
        let folder = try Repository.temporaryFolder([
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
        let runs = try VerifyLemmasProcess.runAll([
            ["diff-rules", "runtime", "documented", folder.path, "--json"], ["diff-rules", "runtime", "documented", folder.path],
            ["diff-rules", "runtime", "nope"],
        ])
        XCTAssertEqual(runs[0].status, 0, runs[0].combined)
        let diff = try DiffRulesDocument(runs[0].output)
        XCTAssertEqual(diff.differences.map(\.name), ["same_type_anyview_keeps_state"])
        let listed = try XCTUnwrap(diff.differences.first)
        XCTAssertEqual(listed.first, .init(verdict: "proved", scope: "unbounded", reasonCode: nil, hasCounterexample: false, failedChecks: []))
        XCTAssertEqual([listed.second.verdict, listed.second.scope], ["refuted", nil])
        XCTAssertTrue(listed.second.hasCounterexample)
        XCTAssertEqual(diff.itemCount, 2)
        let text = runs[1].output
        XCTAssertEqual(runs[1].status, 0, text)
        let item = "same_type_anyview_keeps_state  \(folder.path)/anyview.lemma:1\n  runtime: proved [unbounded]\n  documented: refuted"
        XCTAssertTrue(text.contains(item), text)
        XCTAssertTrue(text.hasSuffix("1 of 2 items differ between runtime and documented\n"), text)
        XCTAssertEqual(runs[2].status, 2, runs[2].combined)
    }

    /// Each verdict `diff-rules` prints is the one a check run with `--rules` gives. A lemma whose
    /// assumptions no trees satisfy under `documented` (AnyView is fresh in every render, so nothing
    /// under it survives) is `vacuous` there and `proved` under `runtime`: listed, not passed as
    /// "proved" on both sides (issue 22: diff-rules ran without the vacuity check).
    func testDiffRulesVerdictsAreThoseOfCheckRuns() throws {
        try SlowTier.require()
        let folder = try Repository.temporaryFolder([
            "vacuous.lemma": """
                lemma survives_through_anyview {
                  source R5; rules runtime; expect holds
                  forall p: path in before, q: path in after
                  assume exists i in p: p[i].kind == .anyView
                  assume survives(p, q)
                  show survives(p, q)
                }
                """,
            "arms.lemma": Self.armsLemma,
        ])
        let finished = try VerifyLemmasProcess.run(["diff-rules", "runtime", "documented", folder.path, "--json"])
        XCTAssertEqual(finished.status, 0, finished.combined)
        let diff = try DiffRulesDocument(finished.output)
        XCTAssertNotNil(diff.difference("survives_through_anyview"), finished.output)
        var printed: [String: String] = [:]
        for difference in diff.differences {
            (printed["\(difference.name) runtime"], printed["\(difference.name) documented"]) = (difference.first.verdict, difference.second.verdict)
        }
        let output = finished.output
        var checked: [String: [String: String]] = [:]
        for rules in ["runtime", "documented"] {
            let (_, json) = try run([folder.path, "--rules", rules, "--json", "-"])
            let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
            for lemma in try XCTUnwrap(report["lemmas"] as? [[String: Any]]) {
                checked[try XCTUnwrap(lemma["name"] as? String), default: [:]][rules] = lemma["verdict"] as? String
            }
        }
        XCTAssertEqual(checked["survives_through_anyview"], ["runtime": "proved", "documented": "vacuous"])
        for (name, verdicts) in checked {
            if verdicts["runtime"] == verdicts["documented"] {
                XCTAssertNil(diff.difference(name), "\(name): same verdicts, listed: \(output)")
            } else {
                XCTAssertEqual(printed["\(name) runtime"], verdicts["runtime"], output)
                XCTAssertEqual(printed["\(name) documented"], verdicts["documented"], output)
            }
        }
    }

    func testTocWritesTheSectionAndChecksItIsCurrent() throws {
        let begin = "<!-- toc:begin: generated by `swift run verify-lemmas toc --write`; do not edit by hand -->"
        let folder = try Repository.temporaryFolder([
            "arms.lemma": Self.armsLemma,
            "README.md": "# Lemmas\n\n\(begin)\nan old row\n<!-- toc:end -->\nafter\n",
        ])
        let readme = folder.appendingPathComponent("README.md")
        let stale = try run(["toc", "--check", folder.path])
        XCTAssertEqual(stale.status, 1, stale.output)
        XCTAssertEqual(PrintedCodes.codes(in: stale.output), ["T004"], stale.output)
        XCTAssertEqual(try run(["toc", "--write", folder.path]).status, 0)
        let written = try String(contentsOf: readme, encoding: .utf8)
        XCTAssertTrue(written.contains("\n| `arms` | lemma | holds | runtime |  | [arms.lemma:1](arms.lemma#L1) |\n"), written)
        XCTAssertFalse(written.contains("an old row"), written)
        XCTAssertTrue(written.hasSuffix("<!-- toc:end -->\nafter\n"), written)
        XCTAssertEqual(try run(["toc", "--check", folder.path]).status, 0)
        XCTAssertEqual(try run(["toc", "--write", "--check", folder.path]).status, 2)
        try "no markers\n".write(to: readme, atomically: true, encoding: .utf8)
        let noMarkers = try run(["toc", "--check", folder.path])
        XCTAssertEqual(noMarkers.status, 2, noMarkers.output)
        XCTAssertEqual(PrintedCodes.codes(in: noMarkers.output), ["T003"], noMarkers.output)
        // A new folder: without its README, --write names the two marker lines it needs.
        try FileManager.default.removeItem(at: readme)
        let unmarked = try run(["toc", "--write", folder.path])
        XCTAssertEqual(unmarked.status, 2, unmarked.output)
        XCTAssertEqual(PrintedCodes.codes(in: unmarked.output), ["T002"], unmarked.output)
        XCTAssertTrue(unmarked.output.contains("between a line '\(begin)' and a later line '<!-- toc:end -->'"), unmarked.output)
        let missingMarkers = try { try "# Lemmas\n".write(to: readme, atomically: true, encoding: .utf8); return try run(["toc", "--write", folder.path]) }()
        XCTAssertEqual(missingMarkers.status, 2, missingMarkers.output)
        XCTAssertEqual(PrintedCodes.codes(in: missingMarkers.output), ["T003"], missingMarkers.output)
        // An ill-formed lemma: its diagnostic's id, then T001, and nothing printed or written.
        try "lemma bad {\n  rules runtime\n}\n".write(to: folder.appendingPathComponent("bad.lemma"), atomically: true, encoding: .utf8)
        for arguments in [["toc", folder.path], ["toc", "--check", folder.path]] {
            let illFormed = try run(arguments)
            XCTAssertEqual(illFormed.status, 2, illFormed.output)
            XCTAssertEqual(PrintedCodes.codes(in: illFormed.output).last, "T001", illFormed.output)
            XCTAssertTrue(PrintedCodes.codes(in: illFormed.output).dropLast().contains("E020"), illFormed.output)
        }
    }

    private static var lemmaFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Lemmas")
    }
}
