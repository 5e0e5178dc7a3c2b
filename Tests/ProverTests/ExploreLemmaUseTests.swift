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
    private static let file = """
        // FALSE: a row whose key changed is the same view of the program, and a new one.
        lemma same_view_survives {
          source R8; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume sameView(p, q)
          show survives(p, q)
        }

        // FALSE, but valid as expanded: the used statement gives the conclusion at once.
        lemma trusts_it {
          source R8; rules runtime; expect holds
          forall p: path in before, q: path in after
          use same_view_survives(p, q)
          assume sameView(p, q)
          show survives(p, q)
        }

        // Rests on the refuted lemma through trusts_it.
        lemma trusts_the_truster {
          source R8; rules runtime; expect holds
          forall p: path in before, q: path in after
          use trusts_it(p, q)
          assume sameView(p, q)
          show survives(p, q)
        }
        """

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
