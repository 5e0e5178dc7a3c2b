import Foundation
@testable import Reports
import XCTest

/// `ExplicitNull`: an absent value is written as `null` under its key, a present one as itself
/// (not wrapped), while a plain optional beside it is still left out when absent.
final class ExplicitNullTests: XCTestCase {
    private struct Keys: Encodable {
        @ExplicitNull var written: Int? = nil
        @ExplicitNull var nested: [String]? = nil
        var omitted: Int?
    }

    private func json(_ value: Keys) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testAnAbsentValueIsNullAndAPresentOneIsItself() throws {
        XCTAssertEqual(try json(Keys()), #"{"nested":null,"written":null}"#)
        XCTAssertEqual(try json(Keys(written: 3, nested: ["a"], omitted: 4)), #"{"nested":["a"],"omitted":4,"written":3}"#)
    }
}
