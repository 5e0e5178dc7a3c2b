import IdentityModel
import XCTest

@testable import ModelChecker

/// The reference workload's exact counts, the same for any number of workers and summed over
/// shards; the state table against a `Set`.
final class ExplorationCountTests: XCTestCase {
    private func reference(depth: Int, workers: Int = 2, shard: Shard = .whole) throws -> CheckStatistics {
        var checker = ModelChecker(bounds: Bounds(depth: depth), workers: workers)
        checker.shard = shard
        let result = try checker.check(.identityDeterminesState)
        XCTAssertTrue(result.holds)
        return result.statistics
    }

    func testReferenceWorkloadCountsAtDepthsOneToThree() throws {
        // (programs, renders, generated, distinct); SPIN's twin (Benchmarks/spin) gives the same.
        let expected = [(4, 4, 8, 4), (124, 276, 1_024, 276), (2_380, 12_164, 99_320, 12_348)]
        for (depth, counts) in zip(1..., expected) {
            let statistics = try reference(depth: depth)
            XCTAssertEqual(statistics.programs, counts.0, "depth \(depth)")
            XCTAssertEqual(statistics.renders, counts.1, "depth \(depth)")
            XCTAssertEqual(statistics.states, counts.2, "depth \(depth)")
            XCTAssertEqual(statistics.distinctStates, counts.3, "depth \(depth)")
            XCTAssertEqual(statistics.states, statistics.renders + statistics.transitions, "depth \(depth)")
        }
    }

    func testCountsDoNotDependOnWorkersAndShardsAddUp() throws {
        let whole = try reference(depth: 3, workers: 1)
        XCTAssertEqual(whole.states, 99_320)
        XCTAssertEqual(whole.distinctStates, 12_348)
        var sum = CheckStatistics()
        for index in 1...2 { sum.add(try reference(depth: 3, shard: Shard(index: index, count: 2)!)) }
        XCTAssertEqual(sum.programs, whole.programs)
        XCTAssertEqual(sum.states, whole.states)
        XCTAssertEqual(sum.distinctStates, whole.distinctStates)
        XCTAssertEqual(sum.undefinedTransitions, whole.undefinedTransitions)
    }

    func testShardsPartitionTheItems() {
        XCTAssertEqual(Shard("2/3")?.indices(8), [1, 4, 7])
        XCTAssertEqual(Shard("1/1")?.select(["a", "b"]), ["a", "b"])
        let parts = (1...4).flatMap { Shard(index: $0, count: 4)!.indices(10) }
        XCTAssertEqual(parts.sorted(), Array(0..<10))
        for bad in ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3", "-1/2"] { XCTAssertNil(Shard(bad), bad) }
    }

    func testStateTableAgreesWithASetAcrossGrowthAndClearing() {
        let table = StateTable<CheckerState>(capacity: 16)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3 {
            table.clear()
            var set = Set<CheckerState>()
            for _ in 0..<5_000 {
                let state = CheckerState(
                    render: Int32.random(in: 0..<50, using: &generator),
                    alive: IdentityBits(low: UInt64.random(in: 0..<8, using: &generator), high: UInt64(round)),
                    values: IdentityBits(low: UInt64.random(in: 0..<4, using: &generator), high: 0))
                XCTAssertEqual(table.insert(state), set.insert(state).inserted)
            }
            XCTAssertEqual(table.count, set.count)
        }
    }

    func testReportsMergeAcrossShards() throws {
        var reports: [ExploreReport] = []
        for index in 1...2 {
            var checker = ModelChecker(bounds: Bounds(depth: 2))
            checker.shard = Shard(index: index, count: 2)!
            let result = try checker.check(.identityDeterminesState)
            reports.append(ExploreReport(result: result, toolVersion: "test", rules: "runtime", mutant: nil, mutations: false, shard: checker.shard))
        }
        XCTAssertNil(reports[0].mismatch(with: reports[1]))
        XCTAssertEqual(reports[0].mismatch(with: reports[0]), .shardTwice("1/2"))
        XCTAssertEqual(reports[0].mismatch(with: reports[0])?.code, "M015")
        var other = reports[1]
        other.toolVersion = "0.0.9"
        XCTAssertEqual(reports[0].mismatch(with: other), .toolVersion("test", "0.0.9"))
        XCTAssertEqual(reports[0].mismatch(with: other)?.code, "M006")
        let merged = reports[0].merged(with: reports[1])
        XCTAssertTrue(merged.coversEveryShard)
        XCTAssertFalse(reports[0].coversEveryShard)
        XCTAssertEqual(merged.programs, 124)
        XCTAssertEqual(merged.statesGenerated, 1_024)
        XCTAssertEqual(merged.distinctStates, 276)
        let decoded = try JSONDecoder().decode(ExploreReport.self, from: merged.json())
        XCTAssertEqual(decoded, merged)
    }

    /// The shards are read from a file: one of `1/9223372036854775807` made `coversEveryShard`
    /// build the set of every part and crash (FINDINGS 18); a report that lists a part twice (its
    /// counts hold that part twice) does not cover the run.
    func testHandEditedShardListsDoNotCoverTheWhole() throws {
        var report = ExploreReport(
            result: try ModelChecker(bounds: Bounds(depth: 1)).check(.identityDeterminesState), toolVersion: "test",
            rules: "runtime", mutant: nil, mutations: false, shard: .whole)
        XCTAssertTrue(report.coversEveryShard)
        for shards in [["1/\(Int.max)"], ["\(Int.max)/\(Int.max)", "1/\(Int.max)"], ["1/2", "1/2"], ["1/2", "1/2", "2/2"], ["0/1"], ["1/2", "2/3"]] {
            report.shards = shards
            XCTAssertFalse(report.coversEveryShard, "\(shards)")
        }
        report.shards = ["2/2", "1/2"]
        XCTAssertTrue(report.coversEveryShard)
    }
}
