import IdentityModel
import Invalidation
import XCTest

@testable import LemmaLanguage

/// The checker resolves `invalidation NAME` to the set itself, for lemmas and scenarios, from the
/// sets it is given; a name it does not know stays E047 at its location.
final class CheckedRuleSetTests: XCTestCase {
    private let source = """
        scenario s {
          source I3; rules documented; invalidation seed003; expect holds
          render { Screen(state: 0) @screen { Row(n: 1) @row } }
          check row evaluated because identity
        }
        lemma l {
          source I1; rules ios18_4; invalidation design; expect holds
          forall p: path in after
          assume !rendered(p, before)
          show evaluated(p, after)
        }
        """

    func testInvalidationRuleSetsAreResolved() throws {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "a.lemma", text: source)])
        XCTAssertEqual(loaded.diagnostics, [])
        let scenario = try XCTUnwrap(loaded.scenarios.first)
        XCTAssertEqual(scenario.ruleSet, .documented)
        XCTAssertEqual(scenario.invalidation, .seed003)
        let lemma = try XCTUnwrap(loaded.lemmas.first)
        XCTAssertEqual(lemma.ruleSet, .ios18_4)
        XCTAssertEqual(lemma.invalidation?.ruleSet, .design)
    }

    func testOnlyTheGivenInvalidationRuleSetsAreKnown() throws {
        var checker = Checker()
        checker.knownInvalidationRules = [.seed003]
        let parsed = Parser.parse(SourceFile(path: "a.lemma", text: source))
        let (files, diagnostics) = checker.check([parsed.file])
        XCTAssertEqual(diagnostics.map(\.id), [.unknownInvalidationRules])
        XCTAssertEqual(diagnostics.first?.location.line, 7)
        XCTAssertEqual(files.first?.scenarios.first?.invalidation, .seed003)
        XCTAssertEqual(files.first?.lemmas.count, 0)
    }
}
