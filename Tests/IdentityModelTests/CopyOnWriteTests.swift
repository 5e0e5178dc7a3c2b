@testable import IdentityModel
import XCTest

/// `CopyOnWrite`: copies share one box until one of them writes a field, a write never reaches
/// another copy, a value alone writes in place, and equality and hashing read the fields.
final class CopyOnWriteTests: XCTestCase {
    private struct Pair: Hashable, Sendable {
        var number: Int
        var names: [String]
    }

    func testCopiesShareTheBoxUntilOneWrites() {
        let original = CopyOnWrite(Pair(number: 1, names: ["a"]))
        var copy = original
        XCTAssertTrue(copy.box === original.box)
        copy[\.names].append("b")
        XCTAssertFalse(copy.box === original.box)
        XCTAssertEqual(original[\.names], ["a"])
        XCTAssertEqual(copy[\.names], ["a", "b"])
        XCTAssertEqual(copy[\.number], 1)
    }

    /// A copy would be made while the old box is alive, so at another address.
    func testAValueAloneWritesInPlace() {
        var value = CopyOnWrite(Pair(number: 1, names: []))
        let before = ObjectIdentifier(value.box)
        value[\.number] = 2
        value[\.names] = ["x"]
        XCTAssertEqual(ObjectIdentifier(value.box), before)
        XCTAssertEqual(value, CopyOnWrite(Pair(number: 2, names: ["x"])))
    }

    func testEqualityAndHashingReadTheFields() {
        let a = CopyOnWrite(Pair(number: 1, names: ["a"]))
        let b = CopyOnWrite(Pair(number: 1, names: ["a"]))
        XCTAssertFalse(a.box === b.box)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        var c = a
        c[\.number] = 2
        XCTAssertNotEqual(a, c)
        XCTAssertEqual(Set([a, b, c]).count, 2)
    }
}
