import ArgumentParser
import Foundation
import IdentityModel
import LemmaLogic
import ModelChecker
import TestSupport
import XCTest

@testable import verify_lemmas

/// Every option of `verify-lemmas explore`, parsed in-process: the bounds and settings it gives,
/// and the usage code a bad value gives (exit 2 at the edge), with the option it names first;
/// `testUnknownNamesListTheKnownOnesInTheirWords` reads a message's words, on purpose.
final class ExploreOptionTests: XCTestCase {
    private func rejection(_ arguments: [String]) -> String? {
        do {
            _ = try Explore.parse(arguments)
            return nil
        } catch {
            return Explore.message(for: error)
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

    func testDefaultsAreTheSeedArticlesBounds() throws {
        let explore = try Explore.parse([])
        XCTAssertEqual(
            explore.bounds,
            Bounds(depth: 4, branching: 3, viewTypes: 4, modifierTypes: 3, keyValues: 2, steps: 1, initialValues: 1,
                   arbitraryRenders: false, twiceReadConditions: false))
        XCTAssertNil(explore.property)
        XCTAssertEqual(explore.rules, "runtime")
        XCTAssertNil(explore.mutant)
        XCTAssertNil(explore.workers)
        XCTAssertEqual(explore.shard, "1/1")
        XCTAssertFalse(explore.mutations || explore.stats || explore.quiet)
        XCTAssertNil(explore.statsJSON)
        XCTAssertNil(explore.twinTables)
    }

    func testEveryBoundIsReadAndRangeChecked() throws {
        let explore = try Explore.parse([
            "--depth", "2", "--branching", "5", "--view-types", "8", "--modifier-types", "1", "--key-values", "3",
            "--steps", "2", "--initial-values", "2", "--arbitrary-renders", "--twice-read-conditions",
            "--any-view-contents", "--duplicate-keys",
        ])
        XCTAssertEqual(
            explore.bounds,
            Bounds(depth: 2, branching: 5, viewTypes: 8, modifierTypes: 1, keyValues: 3, steps: 2, initialValues: 2,
                   arbitraryRenders: true, twiceReadConditions: true, anyViewContents: true, duplicateKeys: true))
        let limits: [(String, String, String)] = [
            ("--depth", "7", "1 to 6"), ("--depth", "-1", "1 to 6"), ("--branching", "0", "1 to 5"), ("--view-types", "9", "1 to 8"),
            ("--modifier-types", "7", "1 to 6"), ("--key-values", "0", "1 to 8"), ("--steps", "9", "1 to 8"),
            ("--initial-values", "3", "1 to 2"), ("--workers", "65", "1 to 64"),
        ]
        for (option, value, _) in limits {
            XCTAssertEqual(refusal([option, value]), .valueOutOfRange, "\(option) \(value)")
            XCTAssertTrue(rejection([option, value])?.hasPrefix("\(option) ") == true, "names the option: \(option)")
        }
    }

    func testPropertyRulesAndMutant() throws {
        let explore = try Explore.parse(["--property", "identity-determines-state", "--rules", "ios18_0", "--mutations", "--workers", "2"])
        XCTAssertEqual(explore.property, "identity-determines-state")
        XCTAssertEqual(explore.rules, "ios18_0")
        XCTAssertTrue(explore.mutations)
        XCTAssertEqual(explore.workers, 2)
        XCTAssertEqual(try Explore.parse(["--mutant", "armsShareIdentity"]).mutant, "armsShareIdentity")
        XCTAssertEqual(refusal(["--property", "nope"]), .unknownProperty)
        XCTAssertEqual(refusal(["--rules", "nope"]), .unknownRuleSet)
        XCTAssertEqual(refusal(["--mutant", "nope"]), .unknownMutant)
        XCTAssertEqual(refusal(["--mutant", "armsShareIdentity", "--property", "engineer-expectation"]), .optionDoesNotApply)
    }

    /// A property of values over whole traces cannot fail while every state keeps its initial value
    /// 0: without `--mutations` or `--initial-values 2` it is refused, not said to hold (the red
    /// team's `lazy-revival-keeps-state` "held" under `evicting`, which forgets every removed view).
    func testATracePropertyThatCannotFailIsRefused() throws {
        for property in ["removed-state-is-forgotten", "lazy-revival-keeps-state"] {
            XCTAssertEqual(refusal(["--property", property, "--rules", "evicting", "--steps", "4"]), .optionDoesNotApply, property)
            XCTAssertTrue(rejection(["--property", property])?.contains("needs --mutations or --initial-values 2") ?? false, property)
            XCTAssertNil(refusal(["--property", property, "--mutations"]), property)
            XCTAssertNil(refusal(["--property", property, "--initial-values", "2"]), property)
        }
        for property in ["engineer-expectation", "identity-determines-state"] { XCTAssertNil(refusal(["--property", property]), property) }
    }

    /// The writer's words on purpose: an unknown name is answered with every name it could have been.
    func testUnknownNamesListTheKnownOnesInTheirWords() {
        XCTAssertEqual(
            rejection(["--property", "nope"]),
            "unknown property 'nope'; known: " + TransitionProperty.all.map(\.name).joined(separator: ", ") + " [U010]")
        XCTAssertEqual(rejection(["--rules", "nope"]), "unknown rule set 'nope'; known: " + RuleSet.all.map(\.name).joined(separator: ", ") + " [U001]")
        XCTAssertEqual(
            rejection(["--mutant", "nope"]),
            "unknown mutant 'nope'; known: " + RuleMutation.allCases.map(\.rawValue).joined(separator: ", ") + " [U003]")
    }

    func testShardStatsAndQuiet() throws {
        let explore = try Explore.parse(["--shard", "2/3", "--stats", "--stats-json", "-", "--quiet"])
        XCTAssertEqual(Shard(explore.shard), Shard(index: 2, count: 3))
        XCTAssertTrue(explore.stats && explore.quiet)
        XCTAssertEqual(explore.statsJSON, "-")
        XCTAssertEqual(refusal(["--shard", "4/3"]), .badShard)
        XCTAssertEqual(refusal(["--shard", "x"]), .badShard)
        XCTAssertEqual(refusal(["--shard", "0/3"]), .badShard)
        XCTAssertEqual(refusal(["--stats-json", "/nonexistent-\(UUID().uuidString)/stats.json"]), .destinationFolderMissing)
    }

    func testTwinTablesAreWrittenAndNothingElseRuns() throws {
        let file = TemporaryFolder.path("twin.txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Explore.parse(["--depth", "1", "--twin-tables", file.path]).run()
        let tables = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(tables.isEmpty)
        XCTAssertEqual(tables, try TwinTables.text(bounds: Explore.parse(["--depth", "1"]).bounds, rules: .runtime))
    }

    func testLemmaTakesTheBoundsAndFilterAndRefusesWhatALemmaNames() throws {
        let explore = try Explore.parse(["--lemma", "x.lemma", "--depth", "3", "--branching", "2", "--filter", "r7", "--workers", "1"])
        XCTAssertEqual(explore.lemma, "x.lemma")
        XCTAssertEqual(explore.filter, "r7")
        let exploration = explore.lemmaExploration
        XCTAssertEqual(exploration.bound, Bound(depth: 3, branching: 2))
        XCTAssertEqual([exploration.viewTypes, exploration.modifierTypes, exploration.keyValues], [2, 2, 2])
        XCTAssertEqual(exploration.workers, 1)
        let wider = try Explore.parse(["--lemma", "x.lemma", "--view-types", "3", "--modifier-types", "1", "--key-values", "3"]).lemmaExploration
        XCTAssertEqual([wider.viewTypes, wider.modifierTypes, wider.keyValues], [3, 1, 3])
        let excluded: [[String]] = [
            ["--property", "engineer-expectation"], ["--mutant", "armsShareIdentity"], ["--steps", "2"], ["--initial-values", "2"],
            ["--arbitrary-renders"], ["--mutations"], ["--twice-read-conditions"], ["--rules", "ios18_0"], ["--shard", "1/2"],
            ["--twin-tables", "t.txt"], ["--any-view-contents"], ["--duplicate-keys"], ["--stats"],
        ]
        for arguments in excluded {
            XCTAssertEqual(refusal(["--lemma", "x.lemma"] + arguments), .optionDoesNotApply, "\(arguments)")
            XCTAssertTrue(rejection(["--lemma", "x.lemma"] + arguments)?.hasPrefix("\(arguments[0]) ") == true, "names the option: \(arguments)")
        }
        XCTAssertEqual(refusal(["--filter", "r7"]), .optionDoesNotApply)
        XCTAssertEqual(refusal(["--lemma", "x.lemma", "--depth", "7"]), .valueOutOfRange)
    }
}
