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
}
