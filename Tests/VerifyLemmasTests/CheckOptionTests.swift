import ArgumentParser
import Encoding
import IdentityModel
import Invalidation
import LemmaLogic
import ModelChecker
import Prover
import TestSupport
import XCTest

@testable import verify_lemmas

/// Every option of `verify-lemmas check`, parsed in-process: what it sets in the run's
/// configuration, and the usage code a bad value gives (exit 2 at the edge, which
/// CommandLineTests checks on the binary). Assertions are on codes; only
/// `testUnknownNamesListTheKnownOnesInTheirWords` reads a message's words, on purpose.
final class CheckOptionTests: XCTestCase {
    private func options(_ arguments: [String]) throws -> VerifierOptions {
        try Check.parse(arguments).verifierOptions()
    }

    private func rejection(_ arguments: [String]) -> String? {
        do {
            _ = try Check.parse(arguments)
            return nil
        } catch {
            return Check.message(for: error)
        }
    }

    /// The usage code a refused command line gives, `nil` if it is accepted (a refusal without a code fails).
    private func refusal(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> UsageError.Code? {
        guard let message = rejection(arguments) else { return nil }
        guard let code = UsageError.code(in: message) else {
            XCTFail("\(arguments): refused without a usage code: \(message)", file: file, line: line)
            return nil
        }
        return code
    }

    func testDefaults() throws {
        let defaults = try options([])
        XCTAssertNil(defaults.filter)
        XCTAssertNil(defaults.rules)
        XCTAssertNil(defaults.mutation)
        XCTAssertEqual(defaults.budget, SolverBudget.standard)
        XCTAssertEqual(defaults.checkerBound, Bound(depth: 3, branching: 2))
        XCTAssertFalse(defaults.requireUnbounded)
        XCTAssertFalse(defaults.exportScripts)
        XCTAssertTrue(defaults.checksVacuity)
        XCTAssertEqual(try Check.parse([]).targets.map(\.lastPathComponent), ["Lemmas"])
    }

    func testPathsFilterRulesAndMutant() throws {
        let check = try Check.parse(["a.lemma", "folder", "--filter", "r4_", "--rules", "documented", "--mutant", "armsShareIdentity"])
        XCTAssertEqual(check.targets.map(\.lastPathComponent), ["a.lemma", "folder"])
        let options = try check.verifierOptions()
        XCTAssertEqual(options.filter, "r4_")
        XCTAssertEqual(options.rules?.name, "documented")
        XCTAssertNil(options.invalidationRules, "documented names no invalidation rule set")
        XCTAssertEqual(options.mutation, .armsShareIdentity)
        let known = RuleSet.all.map(\.name) + ["seed003", "design", "layoutsPending", "handWritten"]
        XCTAssertEqual(Set(known), Set(RuleSet.all.map(\.name) + InvalidationRules.all.map(\.name)))
        XCTAssertEqual(refusal(["--rules", "nope"]), .unknownRuleSet)
        XCTAssertEqual(refusal(["--mutant", "nope"]), .unknownMutant)
    }

    /// The writer's words on purpose: an unknown name is answered with every name it could have been.
    func testUnknownNamesListTheKnownOnesInTheirWords() {
        let known = RuleSet.all.map(\.name) + ["seed003", "design", "layoutsPending", "handWritten"]
        XCTAssertEqual(
            rejection(["--rules", "nope"]),
            "unknown rule set 'nope'; known: \(known.joined(separator: ", ")), or a rule-set file (*.rules) [U001]")
        XCTAssertEqual(
            rejection(["--mutant", "nope"]), "unknown mutant 'nope'; known: \(Mutant.all.map(\.name).joined(separator: ", ")) [U003]")
    }

    func testMutantTakesAnInvalidationMutant() throws {
        let options = try options(["--mutant", "closuresCompareEqual"])
        XCTAssertNil(options.mutation)
        XCTAssertEqual(options.invalidationMutation, .closuresCompareEqual)
        XCTAssertEqual(Mutant.all.count, RuleMutation.allCases.count + InvalidationMutation.allCases.count)
    }

    func testSolverLimits() throws {
        let options = try options(["--rlimit", "5000", "--timeout", "0.5"])
        XCTAssertEqual(options.budget, SolverBudget(resourceLimit: 5000, milliseconds: 500))
        for bad in [["--rlimit", "0"], ["--rlimit", "-3"], ["--rlimit", "4000000001"], ["--timeout", "0"], ["--timeout", "inf"], ["--timeout", "1e300"]] {
            XCTAssertEqual(refusal(bad), .valueOutOfRange, "\(bad)")
        }
        XCTAssertNil(refusal(["--rlimit", "4000000000", "--timeout", "86400"]), "the bounds themselves are accepted")
    }

    /// `--checker-cases` sets each checker walk's case limit; its backstop follows `--timeout`.
    func testCheckerCases() throws {
        let options = try options(["--checker-cases", "1234", "--timeout", "3"])
        XCTAssertEqual(options.walkBudget, WalkBudget(cases: 1234, seconds: 30))
        XCTAssertEqual(try self.options([]).checkerCases, WalkBudget.standardCases)
        XCTAssertEqual(refusal(["--checker-cases", "0"]), .valueOutOfRange)
        XCTAssertEqual(refusal(["--checker-cases", "-5"]), .valueOutOfRange)
        XCTAssertNil(refusal(["--checker-cases", "1000000000"]), "the bound itself is accepted")
    }

    func testJobsAndCheckerBounds() throws {
        let options = try options(["--jobs", "3", "--checker-depth", "2", "--checker-branching", "4"])
        XCTAssertEqual(options.jobs, 3)
        XCTAssertEqual(options.checkerBound, Bound(depth: 2, branching: 4))
        for bad in [["--jobs", "0"], ["--jobs", "-3"], ["--jobs", "257"], ["--checker-depth", "7"], ["--checker-depth", "0"], ["--checker-branching", "0"], ["--checker-branching", "5"]] {
            XCTAssertEqual(refusal(bad), .valueOutOfRange, "\(bad)")
        }
        XCTAssertNil(refusal(["--jobs", "256", "--checker-depth", "6", "--checker-branching", "4"]), "the bounds themselves are accepted")
    }

    func testStrictModeAndMutationScore() throws {
        XCTAssertTrue(try options(["--require-unbounded"]).requireUnbounded)
        XCTAssertTrue(try Check.parse(["--mutants"]).mutants)
        XCTAssertTrue(try Check.parse(["-v"]).verbose)
        XCTAssertTrue(try Check.parse(["--verbose"]).verbose)
    }

    func testExplain() throws {
        XCTAssertFalse(try options([]).explains)
        XCTAssertTrue(try options(["--explain"]).explains)
        XCTAssertTrue(try options(["--explain", "--filter", "r4_", "--json", "-"]).explains)
        let help = Check.helpMessage()
        XCTAssertTrue(help.contains("--explain"), help)
        XCTAssertTrue(help.contains("unsat core"), help)
        XCTAssertNotNil(rejection(["--explain=yes"]))
    }

    func testReportsExportScriptsWhenTheyCarryThem() throws {
        XCTAssertTrue(try options(["--json", "-"]).exportScripts)
        XCTAssertTrue(try options(["--check-proofs"]).exportScripts)
        XCTAssertTrue(try options(["--write-proofs"]).exportScripts)
        XCTAssertFalse(try options(["--junit", FileManager.default.temporaryDirectory.appendingPathComponent("r.xml").path]).exportScripts)
        XCTAssertEqual(try Check.parse(["--proofs", "Elsewhere"]).proofs, "Elsewhere")
        XCTAssertEqual(refusal(["--check-proofs", "--write-proofs"]), .exclusiveOptions)
        XCTAssertEqual(refusal(["--allow-empty", "--write-proofs"]), .exclusiveOptions)
        XCTAssertTrue(try Check.parse(["Lemmas/rules/rules.lemma", "--write-toc"]).writeToc)
        XCTAssertFalse(try Check.parse([]).writeToc)
        XCTAssertEqual(refusal(["--example", "r4_", "--write-toc"]), .exclusiveOptions)
        XCTAssertEqual(refusal(["--json", "-", "--write-toc"]), .exclusiveOptions)
    }

    /// `--check-proofs` checks the entries of what it ran, so it takes `--filter` and `--shard`;
    /// `--write-proofs` replaces Proofs/, so it takes neither.
    func testPartialRunsCheckProofsButDoNotWriteThem() throws {
        XCTAssertEqual(try options(["--check-proofs", "--shard", "2/3"]).shard, Shard(index: 2, count: 3))
        XCTAssertEqual(try options(["--check-proofs", "--filter", "r4_"]).filter, "r4_")
        XCTAssertTrue(try options(["--check-proofs", "--filter", "r4_"]).filterRunsUsedLemmas)
        XCTAssertFalse(try options(["--filter", "r4_"]).filterRunsUsedLemmas, "a plain filtered run says used-lemma-not-run")
        XCTAssertEqual(refusal(["--write-proofs", "--shard", "1/2"]), .partOfTheSet)
        XCTAssertEqual(refusal(["--mutants", "--shard", "1/2"]), .partOfTheSet)
        XCTAssertEqual(refusal(["--shard", "3/2"]), .badShard)
        // Proofs/ is the record of each item under its own rules: a variant's run would replace it
        // with that variant's proofs (they were accepted, and wrote "rules": "nolr" entries).
        for variant in [["--rules", "documented"], ["--mutant", "evictionIgnored"]] {
            XCTAssertEqual(refusal(["--write-proofs"] + variant), .proofsUnderOwnRules, "\(variant)")
        }
        XCTAssertEqual(refusal(["--write-proofs", "--filter", "r4_"]), .partOfTheSet)
        let help = Check.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(help.contains("With --filter, --shard or paths inside Lemmas/, only the entries of the items run"), help)
    }

    /// Proofs/ records the whole of Lemmas/: a run of some of its files or subfolders checks only
    /// its own items' entries, and may not rewrite it (it replaced 152 lemmas' and 147 obligations'
    /// entries with one file's 8 and 3, exit 0); another folder, or another --proofs, is a set of its own.
    func testARunOfPartOfLemmasChecksItsEntriesAndDoesNotRewriteProofs() throws {
        for part in [["Lemmas/rules/rules.lemma"], ["Lemmas/invalidation"], ["./Lemmas/general/", "Lemmas/rules"]] {
            XCTAssertTrue(try Check.parse(part).readsPartOfTheRecordedSet, "\(part)")
            XCTAssertEqual(refusal(part + ["--write-proofs"]), .partOfTheSet, "\(part)")
            XCTAssertNoThrow(try Check.parse(part + ["--check-proofs"]))
        }
        for whole in [[], ["Lemmas"], ["Lemmas/"], ["Lemmas", "Lemmas/rules"], ["lemmas-of-mine"], ["Lemmas/rules", "--proofs", "Elsewhere"]] {
            XCTAssertFalse(try Check.parse(whole).readsPartOfTheRecordedSet, "\(whole)")
            XCTAssertNil(refusal(whole + ["--write-proofs"]), "\(whole)")
        }
        // Checked against another folder (a copy of Proofs/ records the whole set too), part of
        // Lemmas/ still answers for its own items alone: the red team's copy reported 409 entries
        // of other files as gone.
        XCTAssertTrue(try Check.parse(["Lemmas/rules/rules.lemma", "--proofs", "Elsewhere", "--check-proofs"]).readsPartOfLemmas)
        for whole in [[], ["Lemmas"], ["Lemmas", "Lemmas/rules"], ["lemmas-of-mine"]] {
            XCTAssertFalse(try Check.parse(whole + ["--proofs", "Elsewhere"]).readsPartOfLemmas, "\(whole)")
        }
    }

    func testReportDestinationsAreCheckedUpFront() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/report"
        XCTAssertEqual(refusal(["--json", missing + ".json"]), .destinationFolderMissing)
        XCTAssertEqual(refusal(["--junit", missing + ".xml"]), .destinationFolderMissing)
        XCTAssertEqual(refusal(["--dot", "/dev/null"]), .destinationNotRegular)
        // Not writable, or (for root, to whom it is) a pseudo-file system's.
        XCTAssertTrue([.destinationNotWritable, .destinationPseudoFileSystem].contains(refusal(["--json", "/proc/version"])))
        XCTAssertEqual(refusal(["--json", "-", "--sarif", "-"]), .standardOutputTwice)
        let report = TemporaryFolder.path("twice.json").path
        XCTAssertEqual(refusal(["--json", report, "--junit", report]), .destinationTwice)
        XCTAssertNil(refusal(["--json", "-"]))
    }

    /// A name is the identity set of that name if there is one (`runtime` leaves invalidation items
    /// their own rules, as before), else the invalidation set (`seed003`): `--rules` reaches
    /// invalidation items too.
    func testRulesNameIsIdentityFirst() throws {
        let runtime = try Check.parse(["--rules", "runtime"]).verifierOptions()
        XCTAssertEqual(runtime.rules, .runtime)
        XCTAssertNil(runtime.invalidationRules)
        XCTAssertEqual(runtime.rulesName, "runtime")
        let seed003 = try Check.parse(["--rules", "seed003"]).verifierOptions()
        XCTAssertNil(seed003.rules)
        XCTAssertEqual(seed003.invalidationRules, .seed003)
        XCTAssertEqual(seed003.rulesName, "invalidation seed003")
        let none = try Check.parse([]).verifierOptions()
        XCTAssertNil(none.rules)
        XCTAssertNil(none.invalidationRules)
        XCTAssertEqual(none.rulesName, "per lemma")
    }

    /// `--rules FILE` takes the file's last block; a file with errors is a usage error naming each
    /// problem with its location and id.
    func testRulesFileIsResolvedOrRejectedWithItsDiagnostics() throws {
        let folder = TemporaryFolder.path("rules-option")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let good = folder.appendingPathComponent("good.rules")
        try "rules evictingList from evicting { retainingContainers: [List] }\n".write(to: good, atomically: true, encoding: .utf8)
        let options = try Check.parse(["--rules", good.path]).verifierOptions()
        XCTAssertEqual(options.rules?.name, "evictingList")
        XCTAssertEqual(options.rules?.retainingContainers, [.List])
        XCTAssertEqual(options.rules?.lazyEviction, true)
        XCTAssertNil(options.invalidationRules, "evicting names no invalidation rule set")
        let bad = folder.appendingPathComponent("bad.rules")
        try "rules x from runtime {\n  lazyEviction: maybe\n}\n".write(to: bad, atomically: true, encoding: .utf8)
        let message = try XCTUnwrap(rejection(["--rules", bad.path]))
        XCTAssertEqual(UsageError.code(in: message), .illFormedRuleSetFile)
        XCTAssertEqual(Self.diagnosticPlaces(message), ["\(bad.path):2:17 E082"])
        let missing = try XCTUnwrap(rejection(["--rules", folder.appendingPathComponent("missing.rules").path]))
        XCTAssertEqual(UsageError.code(in: missing), .illFormedRuleSetFile)
        XCTAssertEqual(Self.diagnosticPlaces(missing).map { $0.hasSuffix(" E090") }, [true], missing)
        XCTAssertEqual(Self.diffRulesRefusal(["runtime", bad.path]), .illFormedRuleSetFile)
        XCTAssertNoThrow(try DiffRules.parse(["runtime", good.path]))
    }

    func testDiffRulesTakesTheSameSolverLimits() throws {
        let diff = try DiffRules.parse(["runtime", "documented", "--rlimit", "77", "--timeout", "2"])
        var options = VerifierOptions()
        diff.limits.apply(to: &options)
        XCTAssertEqual(options.budget, SolverBudget(resourceLimit: 77, milliseconds: 2000))
        XCTAssertEqual(try DiffRules.parse(["runtime", "documented", "--checker-cases", "9"]).limits.checkerCases, 9)
        XCTAssertEqual(Self.diffRulesRefusal(["runtime", "nope"]), .unknownRuleSet)
        XCTAssertEqual(Self.diffRulesRefusal(["runtime", "documented", "--rlimit", "0"]), .valueOutOfRange)
    }

    /// diff-rules runs the set twice, so it shows each run's progress as check does, off with `--quiet`.
    func testDiffRulesShowsProgressUnlessQuiet() throws {
        XCTAssertFalse(try DiffRules.parse(["runtime", "documented"]).quiet)
        XCTAssertTrue(try DiffRules.parse(["runtime", "documented", "--quiet"]).quiet)
        XCTAssertTrue(DiffRules.helpMessage().contains("--quiet"))
    }

    /// `check --help` names every mutant of both layers, and `verify-lemmas --help` shows the
    /// options of the default subcommand beside the subcommands.
    func testHelpListsEveryMutantAndTheDefaultSubcommandsOptions() {
        let check = VerifyLemmas.helpMessage(for: Check.self, columns: 10_000)
        XCTAssertEqual(Mutant.all.count, 45)
        for mutant in Mutant.all { XCTAssertTrue(check.contains(mutant.name), mutant.name) }
        let root = VerifyLemmas.rootHelp
        for text in ["SUBCOMMANDS:", "explore", "--filter", "--mutants", "--quiet", "--sarif"] { XCTAssertTrue(root.contains(text), text) }
    }

    /// The usage code `diff-rules` refuses `arguments` with.
    private static func diffRulesRefusal(_ arguments: [String]) -> UsageError.Code? {
        do {
            _ = try DiffRules.parse(arguments)
            return nil
        } catch {
            return UsageError.code(in: DiffRules.message(for: error))
        }
    }

    /// Each diagnostic line's `file:line:col` and id (`path:2:17 E082`), read from its fixed
    /// shape `FILE:LINE:COL: error: … [ID]`.
    private static func diagnosticPlaces(_ message: String) -> [String] {
        message.split(separator: "\n").compactMap { line -> String? in
            guard let colon = line.range(of: ": error: "), let open = line.lastIndex(of: "["), line.last == "]" else { return nil }
            return "\(line[..<colon.lowerBound]) \(line[line.index(after: open)..<line.index(before: line.endIndex)])"
        }
    }
}
