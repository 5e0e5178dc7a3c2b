import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover
@testable import Scenarios

/// Issue 28's I4 reading and I3's mutant through the scenario runner: both routes (`BodyEvaluator`
/// and Z3's ground encoding) give every view of `equatable-pod-bits.lemma` and of the seed's
/// scenarios the same verdict under every rule set and both new mutants, and each mutant fails a
/// check that the real rules pass.
final class EquatablePODBitsScenarioTests: XCTestCase {
    private static let scenarios: [CheckedScenario] = {
        let folder = Repository.lemmas.appendingPathComponent("invalidation")
        let result = LemmaLoader().load(directory: folder)
        let names: Set<String> = [
            "i4_unchanged_pod_view_skipped_whatever_its_eq", "i4_pod_view_with_a_changed_field_asks_its_eq",
            "i4_pod_view_with_a_changed_field_equal_by_its_eq_skips", "i4_non_pod_view_unchanged_asks_its_eq",
            "i4_seed_reading_always_asks_the_eq", "seed003_always_false_eq_under_equatable_always_reruns",
            "seed003_plain_data_unchanged_is_skipped",
        ]
        return result.scenarios.filter { names.contains($0.name) }
    }()

    private func run(_ name: String, _ invalidation: InvalidationRules? = nil, mutation: InvalidationMutation? = nil) throws -> ScenarioRun {
        var scenario = try XCTUnwrap(Self.scenarios.first { $0.name == name }, name)
        if let invalidation { scenario.invalidation = invalidation }
        return ScenarioRunner(rules: .runtime, file: "invalidation", invalidationMutation: mutation).run(scenario)
    }

    func testBothRoutesAgreeUnderEveryRuleSetAndTheNewMutants() throws {
        XCTAssertEqual(Self.scenarios.count, 7)
        for scenario in Self.scenarios {
            for rules in InvalidationRules.all {
                for mutation in [nil, InvalidationMutation.equatablePODBitsIgnored, .nonPODFieldsAlwaysDiffer] {
                    let run = try run(scenario.name, rules, mutation: mutation)
                    let context = "\(scenario.name) under \(rules.name)\(mutation.map { "+\($0)" } ?? "")"
                    XCTAssertNil(run.error, context)
                    XCTAssertNil(run.unknown, context)
                    XCTAssertFalse(run.groundNotLocal, context)
                    XCTAssertGreaterThan(run.groundComparisons, 0, context)
                }
            }
        }
    }

    func testTheUnchangedPODBadgeIsSkippedAndTheMutantRunsIt() throws {
        let good = try run("i4_unchanged_pod_view_skipped_whatever_its_eq")
        XCTAssertEqual(good.failures.count, 0)
        XCTAssertEqual(good.passed, 2)
        let broken = try run("i4_unchanged_pod_view_skipped_whatever_its_eq", mutation: .equatablePODBitsIgnored)
        XCTAssertEqual(broken.failures.map(\.check), ["badge skipped because equal"])
        // The seed's claim fails its named check under runtime and passes under its own reading.
        XCTAssertEqual(try run("seed003_always_false_eq_under_equatable_always_reruns").failures.count, 1)
        XCTAssertEqual(try run("seed003_always_false_eq_under_equatable_always_reruns", .seed003).failures.count, 0)
    }

    func testTheI3MutantRunsAnUnchangedNonPODView() throws {
        XCTAssertEqual(try run("seed003_plain_data_unchanged_is_skipped").failures.count, 0)
        let broken = try run("seed003_plain_data_unchanged_is_skipped", mutation: .nonPODFieldsAlwaysDiffer)
        XCTAssertEqual(broken.failures.filter { $0.check.hasPrefix("label") }.count, 1, "\(broken.failures)")
    }
}
