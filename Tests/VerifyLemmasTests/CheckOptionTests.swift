import ArgumentParser
import Encoding
import IdentityModel
import Invalidation
import LemmaLogic
import ModelChecker
import Prover
import XCTest

@testable import verify_lemmas

/// Every option of `verify-lemmas check`, parsed in-process: what it sets in the run's
/// configuration, and the one-line error a bad value gives (exit 2 at the edge, which
/// CommandLineTests checks on the binary).
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
        XCTAssertEqual(
            rejection(["--rules", "nope"]),
            "unknown rule set 'nope'; known: \(known.joined(separator: ", ")), or a rule-set file (*.rules)")
        XCTAssertEqual(
            rejection(["--mutant", "nope"]), "unknown mutant 'nope'; known: \(Mutant.all.map(\.name).joined(separator: ", "))")
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
        XCTAssertEqual(rejection(["--rlimit", "0"]), "--rlimit must be from 1 to 4000000000, not 0")
        XCTAssertEqual(rejection(["--rlimit", "-3"]), "--rlimit must be from 1 to 4000000000, not -3")
        XCTAssertEqual(rejection(["--timeout", "0"]), "--timeout must be a number of seconds above 0 and at most 86400, not 0.0")
        XCTAssertEqual(rejection(["--timeout", "inf"]), "--timeout must be a number of seconds above 0 and at most 86400, not inf")
        XCTAssertEqual(rejection(["--timeout", "1e300"]), "--timeout must be a number of seconds above 0 and at most 86400, not 1e+300")
    }

    /// `--checker-cases` sets each checker walk's case limit; its backstop follows `--timeout`.
    func testCheckerCases() throws {
        let options = try options(["--checker-cases", "1234", "--timeout", "3"])
        XCTAssertEqual(options.walkBudget, WalkBudget(cases: 1234, seconds: 30))
        XCTAssertEqual(try self.options([]).checkerCases, WalkBudget.standardCases)
        XCTAssertEqual(rejection(["--checker-cases", "0"]), "--checker-cases must be from 1 to 1000000000, not 0")
        XCTAssertEqual(rejection(["--checker-cases", "-5"]), "--checker-cases must be from 1 to 1000000000, not -5")
    }

    func testJobsAndCheckerBounds() throws {
        let options = try options(["--jobs", "3", "--checker-depth", "2", "--checker-branching", "4"])
        XCTAssertEqual(options.jobs, 3)
        XCTAssertEqual(options.checkerBound, Bound(depth: 2, branching: 4))
        XCTAssertEqual(rejection(["--jobs", "0"]), "--jobs must be from 1 to 256, not 0")
        XCTAssertEqual(rejection(["--jobs", "-3"]), "--jobs must be from 1 to 256, not -3")
        XCTAssertEqual(rejection(["--checker-depth", "7"]), "--checker-depth must be from 1 to 6, not 7")
        XCTAssertEqual(rejection(["--checker-branching", "0"]), "--checker-branching must be from 1 to 4, not 0")
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
        XCTAssertEqual(rejection(["--check-proofs", "--write-proofs"]), "--check-proofs and --write-proofs exclude each other")
        XCTAssertTrue(try Check.parse(["Lemmas/rules/rules.lemma", "--write-toc"]).writeToc)
        XCTAssertFalse(try Check.parse([]).writeToc)
        XCTAssertNotNil(rejection(["--example", "r4_", "--write-toc"]))
        XCTAssertNotNil(rejection(["--json", "-", "--write-toc"]))
    }

    /// `--check-proofs` checks the entries of what it ran, so it takes `--filter` and `--shard`;
    /// `--write-proofs` replaces Proofs/, so it takes neither.
    func testPartialRunsCheckProofsButDoNotWriteThem() throws {
        XCTAssertEqual(try options(["--check-proofs", "--shard", "2/3"]).shard, Shard(index: 2, count: 3))
        XCTAssertEqual(try options(["--check-proofs", "--filter", "r4_"]).filter, "r4_")
        XCTAssertTrue(try options(["--check-proofs", "--filter", "r4_"]).filterRunsUsedLemmas)
        XCTAssertFalse(try options(["--filter", "r4_"]).filterRunsUsedLemmas, "a plain filtered run says used-lemma-not-run")
        XCTAssertEqual(
            rejection(["--write-proofs", "--shard", "1/2"]), "--shard checks part of the set: run --mutants and --write-proofs on the whole set")
        // Proofs/ is the record of each item under its own rules: a variant's run would replace it
        // with that variant's proofs (they were accepted, and wrote "rules": "nolr" entries).
        for variant in [["--rules", "documented"], ["--mutant", "evictionIgnored"]] {
            XCTAssertEqual(
                rejection(["--write-proofs"] + variant),
                "--write-proofs records the proofs of each item under its own rules: run it without --rules and --mutant "
                    + "(--check-proofs compares a variant's run with them)")
        }
        XCTAssertEqual(
            rejection(["--write-proofs", "--filter", "r4_"]),
            "--filter checks part of the set, and --write-proofs would record only that part: run --write-proofs on the whole set")
        let help = Check.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(help.contains("With --filter, --shard or paths inside Lemmas/, only the entries of the items run"), help)
    }

    /// Proofs/ records the whole of Lemmas/: a run of some of its files or subfolders checks only
    /// its own items' entries, and may not rewrite it (it replaced 152 lemmas' and 147 obligations'
    /// entries with one file's 8 and 3, exit 0); another folder, or another --proofs, is a set of its own.
    func testARunOfPartOfLemmasChecksItsEntriesAndDoesNotRewriteProofs() throws {
        for part in [["Lemmas/rules/rules.lemma"], ["Lemmas/invalidation"], ["./Lemmas/general/", "Lemmas/rules"]] {
            XCTAssertTrue(try Check.parse(part).readsPartOfTheRecordedSet, "\(part)")
            XCTAssertTrue(rejection(part + ["--write-proofs"])?.contains("--write-proofs would record only that part") == true, "\(part)")
            XCTAssertNoThrow(try Check.parse(part + ["--check-proofs"]))
        }
        for whole in [[], ["Lemmas"], ["Lemmas/"], ["Lemmas", "Lemmas/rules"], ["lemmas-of-mine"], ["Lemmas/rules", "--proofs", "Elsewhere"]] {
            XCTAssertFalse(try Check.parse(whole).readsPartOfTheRecordedSet, "\(whole)")
            XCTAssertNil(rejection(whole + ["--write-proofs"]), "\(whole)")
        }
    }

    func testReportDestinationsAreCheckedUpFront() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/report"
        XCTAssertNotNil(rejection(["--json", missing + ".json"]))
        XCTAssertNotNil(rejection(["--junit", missing + ".xml"]))
        XCTAssertNotNil(rejection(["--dot", "/dev/null"]))
        XCTAssertNil(rejection(["--json", "-"]))
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-option-\(UUID().uuidString)")
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
        XCTAssertTrue(message.hasPrefix("\(bad.path):2:17: error: 'maybe' is not a value of 'lazyEviction' [E082]"), message)
        let missing = try XCTUnwrap(rejection(["--rules", folder.appendingPathComponent("missing.rules").path]))
        XCTAssertTrue(missing.contains("cannot read rule-set file [E090]"), missing)
        XCTAssertThrowsError(try DiffRules.parse(["runtime", bad.path]))
        XCTAssertNoThrow(try DiffRules.parse(["runtime", good.path]))
    }

    func testDiffRulesTakesTheSameSolverLimits() throws {
        let diff = try DiffRules.parse(["runtime", "documented", "--rlimit", "77", "--timeout", "2"])
        var options = VerifierOptions()
        diff.limits.apply(to: &options)
        XCTAssertEqual(options.budget, SolverBudget(resourceLimit: 77, milliseconds: 2000))
        XCTAssertEqual(try DiffRules.parse(["runtime", "documented", "--checker-cases", "9"]).limits.checkerCases, 9)
        XCTAssertThrowsError(try DiffRules.parse(["runtime", "nope"]))
        XCTAssertThrowsError(try DiffRules.parse(["runtime", "documented", "--rlimit", "0"]))
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
        XCTAssertEqual(Mutant.all.count, 44)
        for mutant in Mutant.all { XCTAssertTrue(check.contains(mutant.name), mutant.name) }
        let root = VerifyLemmas.rootHelp
        for text in ["SUBCOMMANDS:", "explore", "--filter", "--mutants", "--quiet", "--sarif"] { XCTAssertTrue(root.contains(text), text) }
    }
}
