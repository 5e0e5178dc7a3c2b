import IdentityModel
import ModelChecker
import XCTest

/// `explore --mutant`: the states of a mutant checked against the reference rules' identities.
/// Every mutant that changes identities within one program is caught with its shortest trace; the
/// reference rules against themselves hold.
final class MutantExplorationTests: XCTestCase {
    private let small = Bounds(depth: 3, branching: 2, viewTypes: 1, modifierTypes: 1, keyValues: 2, steps: 2)

    private func check(_ mutant: RuleMutation?, _ bounds: Bounds, rules: RuleSet = .runtime, workers: Int? = nil) throws -> CheckResult {
        try ModelChecker(bounds: bounds, rules: rules, mutations: true, workers: workers, mutant: mutant).check(.identityDeterminesState)
    }

    func testMutantsCaughtWithTwoActions() throws {
        let mutants: [RuleMutation] = [
            .optionalShiftsSiblings, .idOverridesStructure, .armsShareIdentity, .modifierValueInIdentity, .forEachByOffset,
            .reReadInitialValue, .anyViewAlwaysRebuilds, .idValueIgnored, .forEachKeyIgnored,
        ]
        for mutant in mutants {
            let result = try check(mutant, small)
            let counterexample = try XCTUnwrap(result.counterexample, "\(mutant)")
            // Set a state, then render: the mutant and the reference disagree on whether it survives.
            XCTAssertEqual(counterexample.actions.count, 2, "\(mutant): \(counterexample)")
            if case .mutateState = counterexample.actions[0] {} else { XCTFail("\(mutant): \(counterexample)") }
            XCTAssertTrue(counterexample.violation.contains("under the mutant"), counterexample.violation)
        }
    }

    func testRetentionMutantsNeedTheViewToLeaveAndComeBack() throws {
        // A lazy or eager container around an optional view: depth 3 without tuples.
        let bounds = Bounds(depth: 3, branching: 1, viewTypes: 1, modifierTypes: 1, keyValues: 1, steps: 3)
        var twoSteps = bounds
        twoSteps.steps = 2
        for (mutant, rules) in [(RuleMutation.noRetention, RuleSet.runtime), (.retentionIgnoresContainer, .runtime), (.evictionIgnored, .evicting)] {
            let counterexample = try XCTUnwrap(try check(mutant, bounds, rules: rules).counterexample, "\(mutant)")
            XCTAssertEqual(counterexample.actions.count, 3, "\(mutant): set, leave, come back")
            XCTAssertEqual(counterexample.renders.count, 3, "\(mutant)")
            XCTAssertNil(try check(mutant, twoSteps, rules: rules).counterexample, "\(mutant) needs three actions")
        }
    }

    func testInitialValuesBeyondZeroCatchTheInitialValueMutant() throws {
        var bounds = small
        XCTAssertNil(try check(.initialValueIgnored, bounds).counterexample, "every initial value is 0")
        bounds.initialValues = 2
        let counterexample = try XCTUnwrap(try check(.initialValueIgnored, bounds).counterexample)
        XCTAssertEqual(counterexample.actions.count, 1)
    }

    func testTheShortestCounterexampleDoesNotDependOnTheWorkers() throws {
        let single = try XCTUnwrap(try check(.forEachByOffset, small, workers: 1).counterexample).description
        for workers in [2, 3] {
            XCTAssertEqual(try check(.forEachByOffset, small, workers: workers).counterexample?.description, single)
        }
    }

    func testReferenceRulesHoldAgainstThemselvesEvenWithInitialValues() throws {
        let bounds = Bounds(depth: 2, branching: 2, viewTypes: 1, modifierTypes: 1, keyValues: 2, steps: 2, initialValues: 2)
        for rules in RuleSet.all {
            XCTAssertTrue(try ModelChecker(bounds: bounds, rules: rules, mutations: true).check(.identityDeterminesState).holds, "\(rules)")
        }
    }

    func testOnlyIdentityDeterminesStateIsCheckedAgainstAMutant() {
        XCTAssertThrowsError(try ModelChecker(bounds: small, mutant: .noRetention).check(.engineerExpectation))
    }

    func testAnyViewContentsCatchTheMutantThatIgnoresTheErasedType() throws {
        // AnyView around a container of a tuple: depth 4; the second render draws the sibling again (optional).
        var bounds = Bounds(depth: 4, branching: 2, viewTypes: 1, modifierTypes: 1, keyValues: 1, steps: 2)
        XCTAssertNil(try check(.anyViewIgnoresType, bounds).counterexample, "one content program: one erased type")
        bounds.anyViewContents = true
        let counterexample = try XCTUnwrap(try check(.anyViewIgnoresType, bounds).counterexample)
        XCTAssertEqual(counterexample.actions.count, 2, counterexample.description)
        XCTAssertTrue(counterexample.violation.contains("holds 1 under the mutant"), counterexample.violation)
        XCTAssertTrue(try check(nil, bounds).holds, "the reference rules against themselves")
    }

    /// `AnyView(AnyView(Counter))` then `AnyView(Counter)` are renders of two programs (depth 3): the
    /// checker's summaries unwrap the nested AnyView as the walk does, so the reference keeps the
    /// state and the mutant, which keeps the outer layer, resets it.
    func testArbitraryRendersCatchTheMutantThatKeepsANestedAnyView() throws {
        var bounds = Bounds(depth: 3, branching: 1, viewTypes: 1, modifierTypes: 1, keyValues: 1, steps: 2)
        XCTAssertNil(try check(.anyViewNotUnwrapped, bounds).counterexample, "one program: the outer layer is always there")
        bounds.arbitraryRenders = true
        let counterexample = try XCTUnwrap(try check(.anyViewNotUnwrapped, bounds, workers: 1).counterexample)
        XCTAssertTrue(counterexample.description.contains("AnyView(AnyView(Counter"), counterexample.description)
        XCTAssertTrue(counterexample.violation.contains("under the reference rules survives"), counterexample.violation)
        XCTAssertTrue(try check(nil, bounds).holds, "the reference rules against themselves")
        XCTAssertTrue(try check(nil, bounds, rules: .anyViewLayered).holds, "the old model against itself")
    }

    func testDuplicateKeysCatchTheMutantThatMergesThem() throws {
        var bounds = Bounds(depth: 2, branching: 2, viewTypes: 1, modifierTypes: 1, keyValues: 1, steps: 2)
        XCTAssertNil(try check(.duplicateKeysMerged, bounds).counterexample, "distinct keys only")
        bounds.duplicateKeys = true
        let counterexample = try XCTUnwrap(try check(.duplicateKeysMerged, bounds).counterexample)
        XCTAssertEqual(counterexample.actions.count, 1, counterexample.description)
        XCTAssertTrue(counterexample.violation.contains("undefined behaviour under the reference rules"), counterexample.violation)
        XCTAssertTrue(counterexample.violation.contains("duplicateForEachKeys"), "replayed: \(counterexample.violation)")
        XCTAssertTrue(try check(nil, bounds).holds, "the reference rules skip their own undefined renders")
    }
}
