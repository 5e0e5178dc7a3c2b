import Invalidation
import XCTest

@testable import Prover

/// FINDINGS.md 69: a child whose value of a key stays while its skipped parent's changes is kept by
/// an override in the parent's body, and its printed counterexample writes that override: parsed
/// back, the value reaching each view changes where the counterexample's links say it does.
final class EnvironmentOverrideTreesTests: XCTestCase {
    private static func lemma(_ name: String, tracking: Bool) -> String {
        """
        lemma \(name) {
          summary "x"; source I10; rules runtime; invalidation runtime; expect refuted
          renders a, b, c
          forall p: path in c, q: path in c
          assume childOf(q, p)
          assume rendered(q, a) && rendered(q, b)\(tracking ? " && readsProperty(q, x, b)" : "")
          assume environmentChanged(p, k, c) && !evaluated(p, c)
          show environmentChanged(q, k, c)
        }
        """
    }

    /// Refuted, and on the printed renders of b and c the value of `\.k0` reaching p changes while
    /// the one reaching q does not (with the lemma's tracking atom too, the shape of
    /// `runParentDependencyTracking`). Before, q was printed without the override, following p.
    func testThePrintedRendersKeepTheChildsValueBelowTheSkippedParent() throws {
        let sources = ["plain": Self.lemma("plain", tracking: false), "tracking": Self.lemma("tracking", tracking: true)]
        let reports = try SingleLemmaFile.runAll(sources)
        XCTAssertEqual(reports.count, 2)
        for report in reports {
            let source = try XCTUnwrap(sources[report.name])
            let example = try PrintedCounterexampleRoundTripTests.refuted(report, source: source)
            XCTAssertEqual(example.renders.map(\.name), ["a", "b", "c"], report.name)
            let reaching = try example.renders.map { render in
                try Dictionary(
                    ViewTreeParser.parse(render.code).root.preorder.map { ($0.label, $0.environment["k0"]) },
                    uniquingKeysWith: { first, _ in first })
            }
            XCTAssertNotEqual(reaching[1]["p"] ?? nil, reaching[2]["p"] ?? nil, "\(report.name): p's value\n\(example.renders[2].code)")
            XCTAssertEqual(reaching[1]["q"] ?? nil, reaching[2]["q"] ?? nil, "\(report.name): q's value\n\(example.renders[1].code)\n\(example.renders[2].code)")
            try PrintedCounterexampleRoundTripTests.assertRoundTrip(example, rules: "runtime", source: source)
        }
    }
}
