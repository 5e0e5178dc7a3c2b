import Foundation
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover

/// `explore --lemma` runs the checker on a lemma as expanded, with each `use` an assumption: no
/// counterexample there says nothing once the used statement is refuted, and `check` calls such a
/// lemma `unknown`. Exploration must not call it "as expected", nor stay silent that it assumed a
/// statement it did not explore.
final class ExploreLemmaUseTests: XCTestCase {
    /// `same_view_survives` is FALSE, yet expected to hold here; `trusts_the_truster` rests on it
    /// through `trusts_it`.
    private static let file = LemmaText.sameViewSurvives(expect: "holds")
        + LemmaText.trusting("same_view_survives", name: "trusts_it")
        + LemmaText.trusting("trusts_it", name: "trusts_the_truster")

    private func explore(filter: String? = nil) throws -> [String: LemmaExploration.Item] {
        let folder = try Repository.temporaryFolder(["uses.lemma": Self.file])
        let exploration = LemmaExploration(bound: Bound(depth: 2, branching: 2))
        let items = try LemmaExploration.load(paths: [folder], filter: filter).map { exploration.run($0.item, file: $0.file) }
        return Dictionary(LemmaExploration.settleUses(items).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testNoCounterexampleThatRestsOnARefutedLemmaIsNotAsExpected() throws {
        let items = try explore()
        guard case .refuted? = items["same_view_survives"]?.answer else { return XCTFail("the used lemma must be refuted") }
        for name in ["trusts_it", "trusts_the_truster"] {
            let item = try XCTUnwrap(items[name])
            guard case .noCounterexample = item.answer else { return XCTFail("\(name): \(item.text)") }
            XCTAssertEqual(item.asExpected, false, item.text)
            XCTAssertEqual(item.unsupportedUses.map(\.why), [.refuted], item.text)
        }
        XCTAssertEqual(LemmaExplorationReport(Array(items.values)).exitCode, 1)
    }

    func testAUsedLemmaLeftOutIsNamed() throws {
        let item = try XCTUnwrap(try explore(filter: "trusts_it")["trusts_it"])
        XCTAssertEqual(item.unsupportedUses.map(\.name), ["same_view_survives"])
        XCTAssertEqual(item.unsupportedUses.map(\.why), [.notExplored])
        XCTAssertTrue(item.text.contains("not explored here"), item.text)
    }
}
