import Invalidation
import XCTest

@testable import Prover

/// The atom tests' route assertions (`SingleLemmaFile+Routes.swift`) can fail: a proved lemma is
/// not refuted, a mutant that leaves it alone does not break it, and a false lemma is not proved.
final class RouteAssertionTests: XCTestCase {
    private final class Failures {
        var messages: [String] = []
        func record(_ message: String, _ file: StaticString, _ line: UInt) { messages.append(message) }
    }

    func testTheRouteAssertionsFailWhereTheyShould() throws {
        let failures = Failures()
        try SingleLemmaFile.assertRefutedByBothRoutes(ObjectAtomTests.environmentObjectReader, fail: failures.record)
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.hasPrefix("Z3 did not refute reader") == true, "\(failures.messages)")

        failures.messages = []
        let unbroken = try SingleLemmaFile.assertProvedAndBroken(
            ObjectAtomTests.environmentObjectReader, by: .observationPerObject, fail: failures.record)
        XCTAssertNil(unbroken)
        XCTAssertEqual(failures.messages, ["Z3 did not refute the lemma under observationPerObject"])

        failures.messages = []
        let broken = ObjectAtomTests.environmentObjectReader.replacingOccurrences(of: "invalidation runtime", with: "invalidation handWritten")
        XCTAssertNil(try SingleLemmaFile.assertProvedAndBroken(broken, by: .environmentObjectsIgnored, fail: failures.record))
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.hasPrefix("refuted") == true, "\(failures.messages)")

        // Without the checker, the same two failures.
        failures.messages = []
        XCTAssertNil(try SingleLemmaFile.assertProvedAndBrokenByZ3(
            ObjectAtomTests.environmentObjectReader, by: .observationPerObject, fail: failures.record))
        XCTAssertEqual(failures.messages, ["Z3 did not refute the lemma under observationPerObject"])
        failures.messages = []
        XCTAssertNil(try SingleLemmaFile.assertProvedAndBrokenByZ3(broken, by: .environmentObjectsIgnored, fail: failures.record))
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.hasPrefix("refuted") == true, "\(failures.messages)")
    }
}
