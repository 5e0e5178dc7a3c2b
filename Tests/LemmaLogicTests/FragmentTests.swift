import IdentityModel
import LemmaLogic
import XCTest

final class FragmentTests: XCTestCase {
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]

    private func lemma(_ rules: RuleSet = .runtime, assume: [LogicFormula], show: LogicFormula) -> LemmaSpec {
        LemmaSpec(name: "t", paths: pair, rules: rules, expectation: .holds, assumptions: assume, conclusion: show)
    }

    func testAlignedLemmaHasACutoffThatIsAProof() {
        let fragment = Fragment(lemma(assume: [.sameView(0, 1)], show: .survives(0, 1)))
        XCTAssertNil(fragment.outsideReason)
        XCTAssertTrue(fragment.cutoffIsProof)
        XCTAssertEqual(fragment.cutoff, Bound(depth: 2, branching: 2))
    }

    func testEachExistentialWitnessDeepensTheCutoff() {
        let flip = LogicFormula.exists(variable: 0, path: 0, .compare(
            .notEqual, .stepField(path: 0, index: .variable(0), .arm), .stepField(path: 1, index: .variable(0), .arm)))
        let fragment = Fragment(lemma(assume: [.sameView(0, 1), flip], show: .survives(0, 1)))
        XCTAssertEqual(fragment.cutoff.depth, 3)
    }

    func testUnalignedPathsAndIndexArithmeticAreNotCutoffProofs() {
        let unaligned = Fragment(lemma(assume: [], show: .survives(0, 1)))
        XCTAssertFalse(unaligned.cutoffIsProof)
        XCTAssertNotNil(unaligned.cutoffCaveat)
        let shifted = LogicFormula.forall(variable: 0, path: 0, .compare(
            .equal, .stepField(path: 0, index: .variable(0, offset: 1), .slot), .int(0)))
        XCTAssertFalse(Fragment(lemma(assume: [.sameView(0, 1), shifted], show: .survives(0, 1))).cutoffIsProof)
    }

    func testNonLocalRulesAreOutsideTheFragment() {
        let fragment = Fragment(lemma(RuleSet.runtime.mutated(.idOverridesStructure), assume: [], show: .survives(0, 1)))
        XCTAssertNotNil(fragment.outsideReason)
        XCTAssertFalse(fragment.cutoffIsProof)
    }
}
