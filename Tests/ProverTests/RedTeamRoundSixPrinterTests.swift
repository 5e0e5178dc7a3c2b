import XCTest

@testable import Artifacts
@testable import Prover

/// The sixth red team's FINDINGS.md 56: `--dot` coloured a third path variable purple, the colour
/// its title gives to two variables naming one view, and named only the first two.
final class RedTeamRoundSixPrinterTests: XCTestCase {
    func testEveryPathVariableIsNamedInTheTitleWithItsOwnColour() throws {
        let source = """
            lemma three_paths {
              summary "x"; source R8, I9; rules runtime; invalidation runtime; expect refuted
              forall p: path in after, q: path in after, c: path in after
              assume rowOf(q, p)
              assume childOf(c, q)
              assume rendered(p, before) && keyKept(q, after) && evaluated(p, after)
              show !evaluated(c, after)
            }
            """
        let example = try PrintedCounterexampleRoundTripTests.refuted(source)
        let dot = DotWriter.dot(example, title: "three_paths")
        let title = try XCTUnwrap(dot.split(separator: "\n").first { $0.hasPrefix("  label=") }, dot)
        for (variable, colour) in [("p", "blue"), ("q", "orange"), ("c", "green")] {
            XCTAssertTrue(title.contains("\(variable): \(colour)"), String(title))
        }
        let node = try XCTUnwrap(dot.split(separator: "\n").first { $0.contains("@c") }, dot)
        XCTAssertTrue(node.contains(DotWriter.colours[2]), String(node))
        XCTAssertFalse(node.contains(DotWriter.shared), String(node))
    }
}
