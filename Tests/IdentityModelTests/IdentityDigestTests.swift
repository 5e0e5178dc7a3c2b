import XCTest

@testable import IdentityModel

/// `Identity` hashes a digest folded as its elements are appended: equality and hashing must stay
/// those of the elements, however an identity was built.
final class IdentityDigestTests: XCTestCase {
    private let alphabet: [PathElement] = [.slot(0), .slot(1), .arm(true), .arm(false), .some, .opaque(generation: 0)]

    func testAnIdentityBuiltByAppendingIsTheOneBuiltWhole() {
        let elements: [PathElement] = [.container(.VStack), .slot(1), .arm(false), .some, .slot(0)]
        let appended = elements.reduce(Identity([])) { $0.appending($1) }
        let whole = Identity(elements)
        XCTAssertEqual(appended, whole)
        XCTAssertEqual(appended.hashValue, whole.hashValue)
        XCTAssertEqual(Set([appended, whole, [.container(.VStack), .slot(1), .arm(false), .some, .slot(0)]]).count, 1)
    }

    /// The same elements in another order, a prefix, or one more element: different identities.
    func testOrderAndLengthTell() {
        XCTAssertNotEqual(Identity([.slot(0), .slot(1)]), Identity([.slot(1), .slot(0)]))
        XCTAssertNotEqual(Identity([.slot(0)]), Identity([.slot(0), .slot(0)]))
        XCTAssertNotEqual(Identity([]), Identity([.slot(0)]))
        XCTAssertEqual(Set([Identity([.slot(0), .slot(1)]), Identity([.slot(1), .slot(0)]), Identity([.slot(0)])]).count, 3)
    }

    /// Every identity of up to four elements over a small alphabet, built whole and by appending:
    /// equal exactly when the elements are, with equal hashes then, and a set of them holds one per
    /// sequence of elements.
    func testEqualityIsTheElements() {
        var sequences: [[PathElement]] = [[]]
        var frontier: [[PathElement]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
            sequences += frontier
        }
        let whole = sequences.map(Identity.init)
        let appended = sequences.map { $0.reduce(Identity([])) { $0.appending($1) } }
        XCTAssertEqual(Set(whole + appended).count, sequences.count)
        var dictionary: [Identity: Int] = [:]
        for (index, identity) in whole.enumerated() { dictionary[identity] = index }
        for (index, identity) in appended.enumerated() { XCTAssertEqual(dictionary[identity], index) }
        for _ in 0..<2000 {
            let (i, j) = (Int.random(in: whole.indices), Int.random(in: whole.indices))
            XCTAssertEqual(whole[i] == appended[j], sequences[i] == sequences[j])
            if sequences[i] == sequences[j] { XCTAssertEqual(whole[i].hashValue, appended[j].hashValue) }
        }
    }
}
