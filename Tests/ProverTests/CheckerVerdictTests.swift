import XCTest

@testable import Prover

/// What the invalidation checker's line beside a verdict counts (issue 21's red team read
/// "checker: 1 views (…)" and a count they could not place): its candidates, each one history of
/// the lemma's views judged on trees, in the singular for one, and what no tree realized or an
/// assumption left out before its trees were built.
final class CheckerVerdictTests: XCTestCase {
    func testTheInvalidationCheckerSaysWhatItCounted() {
        let one = InvalidationBoundedRoute.Result(answer: .holds, cases: 1, domain: "d").verdict.checked
        XCTAssertTrue(one.hasPrefix("checker: 1 candidate judged on trees (d; a candidate is one history of the lemma's views)"), one)
        let many = InvalidationBoundedRoute.Result(answer: .holds, cases: 3, domain: "d", unrealized: 2, excluded: 4).verdict.checked
        XCTAssertTrue(many.hasPrefix("checker: 3 candidates judged on trees"), many)
        XCTAssertTrue(many.contains(", 2 no tree realized"), many)
        XCTAssertTrue(many.contains(", 4 whose links falsify an assumption, left out before their trees were built"), many)
        XCTAssertFalse(one.contains("views ("), one)
    }
}
