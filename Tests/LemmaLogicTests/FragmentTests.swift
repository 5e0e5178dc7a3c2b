import IdentityModel
import LemmaLogic
import XCTest

final class FragmentTests: XCTestCase {
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]

    private func lemma(_ rules: RuleSet = .runtime, assume: [LogicFormula], show: LogicFormula) -> LemmaSpec {
        LemmaSpec(name: "t", paths: pair, rules: rules, expectation: .holds, assumptions: assume, conclusion: show)
    }

    func testEveryLocalRuleSetIsInsideTheFragment() {
        for rules in RuleSet.all {
            XCTAssertNil(Fragment(lemma(rules, assume: [.sameView(0, 1)], show: .survives(0, 1))).outsideReason, rules.name)
        }
    }

    func testNonLocalRulesAreOutsideTheFragment() {
        let fragment = Fragment(lemma(RuleSet.runtime.mutated(.idOverridesStructure), assume: [], show: .survives(0, 1)))
        XCTAssertEqual(
            fragment.outsideReason,
            "rule set runtime+idOverridesStructure is not local: identity is not a map of path steps (locality fails)")
    }

    /// Red-team finding 1 (SoundnessCorpus/FINDINGS.md): under containerKindIgnored a lazy path and an
    /// eager one share an identity, so a lemma about the state store is outside the path level.
    func testStoreLemmasUnderContainerKindIgnoredAreOutsideTheFragment() {
        let rules = RuleSet.runtime.mutated(.containerKindIgnored)
        let store = Fragment(lemma(rules, assume: [], show: .compare(.equal, .pathField(path: 1, .state), .pathField(path: 1, .initial))))
        XCTAssertEqual(
            store.outsideReason,
            "under runtime+containerKindIgnored an identity does not say whether a lazy container holds it, which the path level's state store assumes")
        XCTAssertNil(Fragment(lemma(rules, assume: [.sameView(0, 1)], show: .survives(0, 1))).outsideReason)
        XCTAssertNil(Fragment(lemma(.runtime, assume: [], show: .compare(.equal, .pathField(path: 1, .state), .pathField(path: 1, .initial)))).outsideReason)
    }
}
