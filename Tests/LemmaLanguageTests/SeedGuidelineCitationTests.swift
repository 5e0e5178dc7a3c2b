import Foundation
import LemmaLogic
import XCTest

@testable import LemmaLanguage

/// docs/invalidation.md, "Seed 003's guidelines under these rules", decides each guideline by an
/// item of the lemma set: every item it names exists, and one it calls refuted expects `refuted`.
final class SeedGuidelineCitationTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testEveryItemTheGuidelinesSectionNamesExistsWithItsExpectation() throws {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/invalidation.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "## Seed 003's guidelines under these rules\n"))
        let end = try XCTUnwrap(doc.range(of: "\n## ", range: start.upperBound..<doc.endIndex))
        let section = String(doc[start.upperBound..<end.lowerBound])

        let loaded = LemmaLoader().load(directory: root.appendingPathComponent("Lemmas"))
        var expectations: [String: Expectation] = [:]
        for lemma in loaded.lemmas { expectations[lemma.name] = lemma.expectation }
        for scenario in loaded.scenarios { expectations[scenario.name] = scenario.expectation }

        // `name` in backquotes, snake case with at least one underscore, and whether ", refuted" follows.
        let pattern = try NSRegularExpression(pattern: "`([a-z0-9]+(?:_[a-z0-9]+)+)`(,\\s+refuted)?")
        let matches = pattern.matches(in: section, range: NSRange(section.startIndex..., in: section))
        var named = 0
        for match in matches {
            let name = String(section[Range(match.range(at: 1), in: section)!])
            named += 1
            let expectation = expectations[name]
            XCTAssertNotNil(expectation, "\(name) is named by the guidelines section but is no item of Lemmas/")
            if match.range(at: 2).location != NSNotFound {
                XCTAssertEqual(expectation, .refuted, "\(name) is called refuted")
            }
        }
        XCTAssertGreaterThanOrEqual(named, 15, "the section names the items that decide the guidelines")
    }
}
