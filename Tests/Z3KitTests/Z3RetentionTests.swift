import XCTest

@testable import Z3Kit

/// `Z3Context.Retention`: Z3 gives a released term's number to the next new term, so when handles
/// are released decides the numbers (and so Z3's term orders and models); a context that keeps
/// every handle until it ends numbers terms by the calls made alone.
final class Z3RetentionTests: XCTestCase {
    /// The numbers of terms made after twenty sums that are either held or dropped at once, as a
    /// debug build (longer lifetimes) and a release build (shorter ones) would.
    private func laterNumbers(_ retention: Z3Context.Retention, holdingEarlierTerms: Bool) throws -> [UInt32] {
        let ctx = try Z3Context(retention: retention)
        let x = try ctx.const("x", ctx.intSort)
        var held: [Z3Term] = []
        for n in 0..<20 {
            let sum = try x + (n + 1_000)
            if holdingEarlierTerms { held.append(sum) }
        }
        let later = try (0..<5).map { try x * ($0 + 2_000) }
        XCTAssertEqual(held.count, holdingEarlierTerms ? 20 : 0)
        return later.map(\.number)
    }

    func testKeptTermsAreNumberedByTheCallsAloneWhateverTheirSwiftLifetimes() throws {
        XCTAssertEqual(
            try laterNumbers(.untilContextEnds, holdingEarlierTerms: true),
            try laterNumbers(.untilContextEnds, holdingEarlierTerms: false))
    }

    /// The cause, shown: released when unused, the same calls number the later terms differently.
    func testTermsReleasedWhenUnusedAreNumberedByTheirLifetimes() throws {
        XCTAssertNotEqual(
            try laterNumbers(.whenUnused, holdingEarlierTerms: true),
            try laterNumbers(.whenUnused, holdingEarlierTerms: false))
    }

    func testTheDefaultReleasesWhenUnused() throws {
        XCTAssertEqual(try Z3Context().retention, .whenUnused)
    }
}
