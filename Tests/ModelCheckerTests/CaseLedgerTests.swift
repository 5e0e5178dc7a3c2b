import XCTest

@testable import ModelChecker

/// The ledger's sums below a program are the recorded counts' sums, whatever the order of the
/// records and however often a program's count is recorded again.
final class CaseLedgerTests: XCTestCase {
    func testTheSumBelowEachProgramIsTheRecordedCounts() {
        var generator = SystemRandomNumberGenerator()
        for programs in [1, 2, 7, 64, 100] {
            let ledger = CaseLedger(programs: programs)
            var counts = Array(repeating: 0, count: programs)
            for _ in 0..<(programs * 5) {
                let index = Int.random(in: 0..<programs, using: &generator)
                counts[index] += Int.random(in: 0...40, using: &generator)
                ledger.record(counts[index], program: index)
                for below in 0...programs {
                    XCTAssertEqual(ledger.examined(below: below), counts[..<below].reduce(0, +), "\(programs) programs, below \(below)")
                }
            }
        }
    }
}
