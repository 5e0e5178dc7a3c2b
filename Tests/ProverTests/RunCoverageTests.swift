import Foundation
import IdentityModel
import Invalidation
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// What a run says it covers (shard, options, rule sets, tool, inputs), and when the coverages of
/// several reports add up to one run. The command line's refusals: `CommandLineTests`.
final class RunCoverageTests: XCTestCase {
    private static let arms = """
        lemma arms_reset_all {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
          show resets(p, q)
        }
        """

    func testARunRecordsItsShardOptionsRuleSetsAndInputs() throws {
        let folder = try Repository.temporaryFolder(["a.lemma": Self.arms, "b.lemma": LemmaSet.flippedLemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.shard = Shard(index: 2, count: 2)!
        options.filter = "l"
        options.mutation = .noRetention
        options.resourceLimit = 12_345_678
        options.timeoutSeconds = 7.5
        options.checkerBound = Bound(depth: 2, branching: 1)
        options.checkerCases = 123_456
        options.requireUnbounded = true
        options.allowsEmpty = true
        let coverage = Verifier(options: options).run(paths: [folder]).coverage
        XCTAssertEqual(coverage.toolVersion, Verifier.toolVersion)
        XCTAssertEqual(coverage.shard, Shard(index: 2, count: 2))
        XCTAssertEqual(coverage.options.filter, "l")
        XCTAssertNil(coverage.options.rules)
        XCTAssertEqual(coverage.options.mutant, "noRetention")
        XCTAssertEqual(coverage.options.rlimit, 12_345_678)
        XCTAssertEqual(coverage.options.timeoutSeconds, 7.5)
        XCTAssertEqual(coverage.options.checkerDepth, 2)
        XCTAssertEqual(coverage.options.checkerBranching, 1)
        XCTAssertEqual(coverage.options.checkerCases, 123_456)
        XCTAssertTrue(coverage.options.requireUnbounded)
        XCTAssertTrue(coverage.options.allowEmpty)
        XCTAssertTrue(coverage.options.checksVacuity)
        // Shard 2/2 of the two items `l` matches (arms_reset_all, flipped) is flipped alone, under the mutant.
        XCTAssertEqual(coverage.ruleSets, ["runtime+noRetention"])
        XCTAssertEqual(coverage.inputs.files, 2)
    }

    /// An invalidation scenario runs under an identity and an invalidation rule set: both are named.
    func testAnInvalidationScenarioNamesBothRuleSets() throws {
        var options = VerifierOptions()
        options.filter = "seed003_manual_binding_defeats_comparison"
        let report = Verifier(options: options).run(paths: [LemmaSet.folder])
        XCTAssertEqual(report.lemmas.map(\.rules), ["runtime, invalidation runtime"])
        XCTAssertEqual(report.coverage.ruleSets, ["invalidation runtime", "runtime"])
    }

    /// The digest is what an independent SHA-256 (python3's hashlib) makes of the same framing.
    func testTheInputDigestIsTheFilesAsRead() throws {
        let folder = try Repository.temporaryFolder(["a.lemma": Self.arms, "b.lemma": LemmaSet.flippedLemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.lemma"), b = folder.appendingPathComponent("b.lemma")
        var options = VerifierOptions()
        options.filter = "no_such_item"  // the digest covers every file read, whatever ran
        options.allowsEmpty = true
        let digest = Verifier(options: options).run(paths: [folder]).coverage.inputs.sha256
        let script = """
            import hashlib, sys
            h = hashlib.sha256()
            for path in sorted(sys.argv[1:]):
                data = open(path, "rb").read()
                h.update(path.encode() + b"\\0" + len(data).to_bytes(8, "big") + data)
            print(h.hexdigest())
            """
        let (status, output) = try ExternalTool.run("python3", ["-c", script, b.path, a.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(digest, output.trimmingCharacters(in: .whitespacesAndNewlines))
        // Files named one by one, in another order: the same inputs, the same digest.
        XCTAssertEqual(Verifier(options: options).run(paths: [b, a]).coverage.inputs.sha256, digest)
        // One byte more, or a file renamed, is another input.
        try (LemmaSet.flippedLemma + "\n").write(to: b, atomically: true, encoding: .utf8)
        let edited = Verifier(options: options).run(paths: [folder]).coverage.inputs.sha256
        XCTAssertNotEqual(edited, digest)
        try FileManager.default.moveItem(at: b, to: folder.appendingPathComponent("c.lemma"))
        XCTAssertNotEqual(Verifier(options: options).run(paths: [folder]).coverage.inputs.sha256, edited)
    }

    /// Runs that name the same files in another order read the same inputs (the same digest), so
    /// their shards must be the same parts: `merge` took shard 1/2 of `a b` and shard 2/2 of `b a`
    /// for one run, both holding a's lemma and neither b's, and the merged report said it covered
    /// every item (FINDINGS 19).
    func testShardsDoNotDependOnTheOrderTheFilesAreNamedIn() throws {
        func lemma(_ name: String) -> String {
            "lemma \(name) { summary \"s\"; source R1; rules runtime; expect holds; forall p: path in before; show p.length >= 0 }"
        }
        let folder = try Repository.temporaryFolder(["a.lemma": lemma("in_a"), "b.lemma": lemma("in_b")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.lemma"), b = folder.appendingPathComponent("b.lemma")
        func run(_ index: Int, _ paths: [URL]) -> RunReport {
            var options = VerifierOptions.shallowChecker
            options.shard = Shard(index: index, count: 2)!
            return Verifier(options: options).run(paths: paths)
        }
        for (first, second) in [([a, b], [b, a]), ([b, a], [a, b]), ([folder], [b, a])] {
            let parts = [run(1, first), run(2, second)]
            XCTAssertNil(RunCoverage.refusal([("1.json", parts[0].coverage), ("2.json", parts[1].coverage)]))
            XCTAssertEqual(parts.flatMap { $0.lemmas.map(\.name) }.sorted(), ["in_a", "in_b"], "\(first) then \(second)")
        }
    }

    /// The JSON report carries the coverage and reads back as the same; golden files, slices of a
    /// run, leave it out.
    func testTheJSONReportCarriesTheCoverage() throws {
        let folder = try Repository.temporaryFolder(["a.lemma": Self.arms])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(report)) as? [String: Any])
        let field = try XCTUnwrap(document["coverage"] as? [String: Any])
        XCTAssertEqual(field["shard"] as? String, "1/1")
        XCTAssertTrue((field["options"] as? [String: Any])?["filter"] is NSNull, "absent options are null, not missing")
        let decoded = try JSONDecoder().decode(RunCoverage.self, from: JSONSerialization.data(withJSONObject: field))
        XCTAssertEqual(decoded, report.coverage)
        let golden = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(report, includeTimes: false)) as? [String: Any])
        XCTAssertNil(golden["coverage"])
        var broken = field
        broken["shard"] = "3/2"
        XCTAssertThrowsError(try JSONDecoder().decode(RunCoverage.self, from: JSONSerialization.data(withJSONObject: broken)))
    }

    /// Every stored option of a run is in its coverage (changing it changes the coverage) or named
    /// here as changing no verdict: an option added later fails this until it is decided.
    func testEveryVerifierOptionIsCoveredOrChangesNoVerdict() {
        let changesNoVerdict = [
            "jobs",  // how many tasks run at once; verdicts are the same for any number
            "exportScripts",  // keeps each query as SMT-LIB 2 text beside the verdict
            "explains",  // explanations come after each verdict and never change one
            "progress",  // where the run reports how far it has got, for a display
        ]
        let covered: [(String, (inout VerifierOptions) -> Void)] = [
            ("filter", { $0.filter = "r4_" }),
            ("filterRunsUsedLemmas", { $0.filterRunsUsedLemmas = true }),
            ("shard", { $0.shard = Shard(index: 1, count: 2)! }),
            ("rules", { $0.rules = .documented }),
            ("invalidationRules", { $0.invalidationRules = .seed003 }),
            ("mutation", { $0.mutation = .noRetention }),
            ("invalidationMutation", { $0.invalidationMutation = InvalidationMutation.allCases[0] }),
            ("resourceLimit", { $0.resourceLimit += 1 }),
            ("timeoutSeconds", { $0.timeoutSeconds += 1 }),
            ("checkerBound", { $0.checkerBound = Bound(depth: 2, branching: 2) }),
            ("checkerBound", { $0.checkerBound = Bound(depth: 3, branching: 1) }),
            ("requireUnbounded", { $0.requireUnbounded = true }),
            ("allowsEmpty", { $0.allowsEmpty = true }),
            ("checksVacuity", { $0.checksVacuity = false }),
            ("checkerCases", { $0.checkerCases = 7 }),
        ]
        let inputs = RunCoverage.Inputs(files: [])
        let plain = RunCoverage(options: VerifierOptions(), ruleSets: [], inputs: inputs)
        for (name, change) in covered {
            var options = VerifierOptions()
            change(&options)
            XCTAssertNotEqual(RunCoverage(options: options, ruleSets: [], inputs: inputs), plain, name)
        }
        // Two rule sets of one name but different options (two versions of a rule-set file) differ.
        var one = VerifierOptions(), two = VerifierOptions()
        one.rules = RuleSet(name: "x", anyView: .erasedType, lazyRetention: true, lazyEviction: false, atomicBodyReads: true)
        two.rules = RuleSet(name: "x", anyView: .erasedType, lazyRetention: true, lazyEviction: true, atomicBodyReads: true)
        XCTAssertNotEqual(RunCoverage(options: one, ruleSets: [], inputs: inputs), RunCoverage(options: two, ruleSets: [], inputs: inputs))
        let stored = Set(Mirror(reflecting: VerifierOptions()).children.compactMap(\.label))
        XCTAssertEqual(stored, Set(covered.map(\.0) + changesNoVerdict))
    }

    private static let base = RunCoverage(
        options: VerifierOptions(), ruleSets: ["runtime"], inputs: RunCoverage.Inputs(files: [(path: "a.lemma", contents: Data("x".utf8))]))

    private func part(_ index: Int, of count: Int, _ change: (inout RunCoverage) -> Void = { _ in }) -> RunCoverage {
        var coverage = Self.base
        coverage.shard = Shard(index: index, count: count)!
        change(&coverage)
        return coverage
    }

    func testShardsOfOneRunAddUpToTheWhole() throws {
        XCTAssertNil(RunCoverage.refusal([("a.json", Self.base)]))
        let parts = [("b.json", part(2, of: 3) { $0.ruleSets = ["documented"] }), ("a.json", part(1, of: 3)), ("c.json", part(3, of: 3))]
        XCTAssertNil(RunCoverage.refusal(parts))
        let whole = try XCTUnwrap(RunCoverage.merged(parts.map(\.1)))
        XCTAssertEqual(whole.shard, .whole)
        XCTAssertEqual(whole.ruleSets, ["documented", "runtime"])
        XCTAssertEqual(whole.options, Self.base.options)
        XCTAssertEqual(whole.inputs, Self.base.inputs)
    }

    func testMissingRepeatedAndDifferentlyCutShardsAreRefused() {
        XCTAssertEqual(RunCoverage.refusal([("a.json", part(1, of: 2))]), .shardMissing(missing: [Shard(index: 2, count: 2)!], unnamed: 0))
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(1, of: 3)), ("c.json", part(3, of: 3))]),
            .shardMissing(missing: [Shard(index: 2, count: 3)!], unnamed: 0))
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(1, of: 2)), ("b.json", part(2, of: 2)), ("c.json", part(1, of: 2))]),
            .shardRepeated(file: "c.json", shard: Shard(index: 1, count: 2)!, alsoIn: "a.json"))
        XCTAssertEqual(RunCoverage.refusal([("a.json", Self.base), ("b.json", Self.base)]), .shardRepeated(file: "b.json", shard: .whole, alsoIn: "a.json"))
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(1, of: 2)), ("b.json", part(2, of: 3)), ("c.json", part(2, of: 2))]),
            .shardCountDiffers(file: "b.json", shard: Shard(index: 2, count: 3)!, expected: Shard(index: 1, count: 2)!, firstFile: "a.json"))
        XCTAssertEqual(RunCoverage.refusal([]), .noReport)
    }

    /// Each refusal's code is its own and in `merge`'s series (README.md, "Exit status").
    func testEachRefusalHasItsOwnCode() {
        let refusals: [RunCoverage.Refusal] = [
            .noReport, .fieldDiffers(file: "b", field: "toolVersion", value: nil, expected: nil, firstFile: "a"),
            .shardCountDiffers(file: "b", shard: .whole, expected: .whole, firstFile: "a"), .shardRepeated(file: "b", shard: .whole, alsoIn: "a"),
            .shardMissing(missing: [], unnamed: 0),
        ]
        XCTAssertEqual(refusals.map(\.code), ["M018", "M013", "M014", "M015", "M016"])
    }

    /// The writer's words on purpose: each refusal names the file and the field.
    func testRefusalsAreSaidNamingTheFileAndTheField() {
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(1, of: 2))])?.description,
            "coverage.shard: no report of shard 2/2; every part 1/2 to 2/2 must be given once")
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", Self.base), ("b.json", Self.base)])?.description, "b.json: coverage.shard 1/1 appears twice (also a.json)")
        let refusal = RunCoverage.refusal([("a.json", part(1, of: 2)), ("b.json", part(2, of: 3)), ("c.json", part(2, of: 2))])?.description
        XCTAssertTrue(refusal?.hasPrefix("b.json: coverage.shard is 2/3, but 1/2 in a.json") == true, refusal ?? "accepted")
    }

    /// A shard count is read from a file: `merge` of a hand-edited report of shard `1/9223372036854775807`
    /// listed every missing part and crashed allocating them (FINDINGS 18). The refusal names the
    /// first few and counts the rest, and takes no longer for a huge count than for a small one.
    func testAHugeShardCountIsRefusedWithoutListingEveryPart() {
        let n = Int.max
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(1, of: n)), ("b.json", part(n, of: n))]),
            .shardMissing(missing: (2...6).map { Shard(index: $0, count: n)! }, unnamed: n - 7))
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(2, of: 7))]), .shardMissing(missing: [1, 3, 4, 5, 6].map { Shard(index: $0, count: 7)! }, unnamed: 1))
        XCTAssertEqual(
            RunCoverage.refusal([("a.json", part(2, of: 7))])?.description,
            "coverage.shard: no report of shard 1/7, 3/7, 4/7, 5/7, 6/7 and 1 more; every part 1/7 to 7/7 must be given once")
    }

    /// Each field a verdict depends on, changed in one shard, is refused with its name; every
    /// option has a case here (a new one fails the last assertion until it gets one).
    func testShardsThatRanDifferentlyAreRefusedNamingTheField() {
        let changes: [(String, (inout RunCoverage) -> Void)] = [
            ("toolVersion", { $0.toolVersion = "0.0.9" }),
            ("inputs.sha256", { $0.inputs = RunCoverage.Inputs(files: [(path: "a.lemma", contents: Data("y".utf8))]) }),
            ("inputs.files", { $0.inputs.files = 2 }),
            ("options.filter", { $0.options.filter = "r4_" }),
            ("options.filterRunsUsedLemmas", { $0.options.filterRunsUsedLemmas = true }),
            ("options.rules", { $0.options.rules = "documented" }),
            ("options.mutant", { $0.options.mutant = "noRetention" }),
            ("options.rlimit", { $0.options.rlimit += 1 }),
            ("options.timeoutSeconds", { $0.options.timeoutSeconds = 61 }),
            ("options.checkerDepth", { $0.options.checkerDepth = 4 }),
            ("options.checkerBranching", { $0.options.checkerBranching = 3 }),
            ("options.checkerCases", { $0.options.checkerCases = 7 }),
            ("options.requireUnbounded", { $0.options.requireUnbounded = true }),
            ("options.allowEmpty", { $0.options.allowEmpty = true }),
            ("options.checksVacuity", { $0.options.checksVacuity = false }),
        ]
        for (field, change) in changes {
            let refusal = RunCoverage.refusal([("a.json", part(1, of: 2)), ("b.json", part(2, of: 2, change))])
            guard case let .fieldDiffers(file, differing, _, _, firstFile)? = refusal else {
                XCTFail("\(field): \(refusal.map(\.description) ?? "accepted")")
                continue
            }
            XCTAssertEqual([file, differing, firstFile], ["b.json", field, "a.json"])
        }
        // A wrapped property (`@ExplicitNull`) is stored as `_name`.
        let labels = Mirror(reflecting: Self.base.options).children.compactMap(\.label).map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
        let options = Set(labels.map { "options.\($0)" })
        XCTAssertTrue(options.isSubset(of: changes.map(\.0)), "options without a case: \(options.subtracting(changes.map(\.0)).sorted())")
    }
}
