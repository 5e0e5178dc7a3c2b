import XCTest

@testable import ModelChecker

/// `InternTable` numbers keys densely in first-seen order, like the `Dictionary` it replaced, through
/// collisions and growth.
final class InternTableTests: XCTestCase {
    func testNumbersAgreeWithADictionaryThroughCollisionsAndGrowth() {
        var table = InternTable(capacity: 4)
        var reference: [UInt64: Int32] = [:]
        // Keys that share their low and high bits collide in every slot function a mask could take.
        let colliding = (0..<40).map { UInt64($0) << 32 }
        var generator = SystemRandomNumberGenerator()
        let random = (0..<300).map { _ in UInt64.random(in: 0..<UInt64.max, using: &generator) }
        for key in colliding + random + colliding.reversed() + random.shuffled() + [0] {
            let expected = reference[key] ?? Int32(reference.count)
            let isNew = reference[key] == nil
            reference[key] = expected
            let got = table.number(of: key)
            XCTAssertEqual(got.number, expected, "\(key)")
            XCTAssertEqual(got.isNew, isNew, "\(key)")
        }
        XCTAssertEqual(table.count, reference.count)
    }
}
