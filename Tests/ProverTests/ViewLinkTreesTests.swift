import Invalidation
import LemmaLogic
import XCTest

@testable import Prover

/// A counterexample's renders are code in the syntax of invalidation scenarios: `ViewTreeParser`
/// reads them back (comments removed) to the trees `BodyEvaluator` ran.
final class ViewLinkTreesTests: XCTestCase {
    func testPrintedRendersParseBackToTheTrees() throws {
        var checked = 0
        for link in InvalidationBoundedRoute.links where link.new.count <= 1 && link.survives {
            let trees = ViewLinkTrees(link)
            for (code, tree) in [(trees.code.before, trees.before), (trees.code.after, trees.after)] {
                let text = code.split(separator: "\n").map { line in
                    String(line.components(separatedBy: "//")[0])
                }.joined(separator: "\n").replacingOccurrences(of: #" /\* value \d+ \*/"#, with: "", options: .regularExpression)
                let parsed = try ViewTreeParser.parse(text).root
                XCTAssertEqual(parsed.value.type, tree.value.type, code)
                let view = try XCTUnwrap(parsed.children.first, code)
                XCTAssertEqual(view.value.properties.map(\.value.kind), tree.children[0].value.properties.map(\.value.kind), code)
                XCTAssertEqual(view.value.equality, tree.children[0].value.equality, code)
                XCTAssertEqual(view.value.isEquatableWrapped, tree.children[0].value.isEquatableWrapped, code)
                XCTAssertEqual(view.value.hasState, tree.children[0].value.hasState, code)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }
}
