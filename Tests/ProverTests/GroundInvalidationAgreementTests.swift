import Encoding
import IdentityModel
import Invalidation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Prover
@testable import Scenarios

/// The two routes of invalidation scenarios, `BodyEvaluator` and Z3's ground encoding of I1–I11
/// (`GroundInvalidation`): they agree on every shipped scenario under every invalidation rule set,
/// identity rule set and mutant, and a disagreement is an error naming the view, the render and
/// both answers.
final class GroundInvalidationAgreementTests: XCTestCase {
    private static let scenarios: [CheckedScenario] = {
        let result = LemmaLoader().load(directory: Repository.lemmas.appendingPathComponent("invalidation"))
        return result.scenarios.filter { $0.invalidation != nil }
    }()

    /// One scenario under one choice of rules, to run.
    private struct Case: Sendable {
        var scenario: CheckedScenario
        var invalidation: InvalidationRules
        var rules: RuleSet = .runtime
        var mutation: InvalidationMutation?
    }

    /// Runs every case at once on every core (the runs are independent; `Concurrently`), then
    /// asserts on this thread that the routes agreed on each.
    private func assertAgreement(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        let runs = try Concurrently.map(cases) { item in
            var scenario = item.scenario
            scenario.invalidation = item.invalidation
            return ScenarioRunner(rules: item.rules, file: "invalidation", invalidationMutation: item.mutation).run(scenario)
        }
        for (item, run) in zip(cases, runs) {
            let context = "\(item.scenario.name) under \(item.rules.name), invalidation \(item.invalidation.name)"
                + (item.mutation.map { "+\($0)" } ?? "")
            // A render pair the scenario's own rules realize may be no render pair under other rules
            // (derived-reads.lemma: without the sticky read flag a parent is skipped whose child's
            // binding changed); that is the scenario's error there, not a disagreement of the routes.
            if case .unrealizableRender? = run.error, item.invalidation.readFlag != item.scenario.invalidation?.readFlag { continue }
            XCTAssertNil(run.error, context, file: file, line: line)
            XCTAssertNil(run.unknown, context, file: file, line: line)
            XCTAssertFalse(run.groundNotLocal, context, file: file, line: line)
            XCTAssertGreaterThan(run.groundComparisons, 0, context, file: file, line: line)
        }
    }

    func testEveryScenarioAgreesUnderEveryInvalidationRuleSetAndMutant() throws {
        try SlowTier.require()
        XCTAssertEqual(Self.scenarios.count, 136)
        let mutations = [nil] + InvalidationMutation.allCases.map(Optional.some)
        let cases = Self.scenarios.flatMap { scenario in
            InvalidationRules.all.flatMap { rules in mutations.map { Case(scenario: scenario, invalidation: rules, mutation: $0) } }
        }
        try assertAgreement(cases)
    }

    func testEveryScenarioAgreesUnderEveryIdentityMutant() throws {
        try SlowTier.require()
        var cases: [Case] = []
        for scenario in Self.scenarios {
            guard let invalidation = scenario.invalidation else {
                XCTFail("\(scenario.name) is not an invalidation scenario")
                continue
            }
            cases += RuleMutation.allCases.map { Case(scenario: scenario, invalidation: invalidation, rules: .runtime.mutated($0)) }
        }
        try assertAgreement(cases)
    }

    func testTheRunSaysBothRoutesAgreed() throws {
        var options = VerifierOptions()
        options.filter = "seed003_child_skipped_when_parent_body_did_not_run"
        let report = Verifier(options: options).run(paths: [Repository.lemmas.appendingPathComponent("invalidation")])
        XCTAssertEqual(report.lemmas.count, 1)
        let item = try XCTUnwrap(report.lemmas.first { $0.name == "seed003_child_skipped_when_parent_body_did_not_run" })
        // Two renders of four views each.
        XCTAssertEqual(item.groundCheck, .agreed(count: 8, compared: .bodyVerdicts), item.message)
        XCTAssertTrue(item.message.hasPrefix("4 checks passed; "), item.message)
    }

    // MARK: Disagreement

    private let manualBinding = """
        scenario S {
          summary "s"; source I6; rules runtime; invalidation runtime; expect holds
          render { Prefs(state: 0) @prefs { Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … })) @toggle } }
          set prefs = 1
          render { Prefs(state: 0) @prefs { Toggle(title: "Dark", isOn: Binding(get: { 1 }, set: { … })) @toggle } }
          check toggle skipped
        }
        """

    func testAnEvaluatorThatDisagreesWithZ3IsAnError() throws {
        let result = LemmaLoader().load(sources: [SourceFile(path: "S.lemma", text: manualBinding)])
        let scenario = try XCTUnwrap(result.scenarios.first)
        // The evaluator alone breaks I6: it says skipped, which the check expects; Z3 says evaluated.
        let run = ScenarioRunner(rules: .runtime, file: "S.lemma", evaluatorMutation: .manualBindingComparesEqual).run(scenario)
        guard case .groundDisagrees(let error)? = run.error else { return XCTFail("\(String(describing: run.error))") }
        XCTAssertEqual(run.error?.code, "routes-disagree")
        XCTAssertTrue(error.hasPrefix(
            "S.lemma:5:3: internal error: BodyEvaluator and Z3's ground encoding of I1–I11 disagree on toggle in render 2: "
                + "BodyEvaluator says skipped (compared equal), Z3 says evaluated (compared different at isOn)"), error)
        XCTAssertEqual(run.passed, 0)
    }

    /// An evaluator broken by each invalidation mutant in turn, beside the correct Z3 route: every
    /// scenario either ends in an error or checks exactly as under the correct rules, so a false
    /// check the broken evaluator would pass never holds; and each mutant is caught somewhere.
    /// Each scenario runs once correctly and once per mutant, all at once on every core.
    func testABrokenEvaluatorNeverPassesAFalseCheck() throws {
        try SlowTier.require()
        let correctRuns = try Concurrently.map(Self.scenarios) { ScenarioRunner(rules: .runtime, file: "invalidation").run($0) }
        let pairs = InvalidationMutation.allCases.flatMap { mutation in Self.scenarios.indices.map { (mutation, $0) } }
        let brokenRuns = try Concurrently.map(pairs) { mutation, index in
            ScenarioRunner(rules: .runtime, file: "invalidation", evaluatorMutation: mutation).run(Self.scenarios[index])
        }
        for (number, mutation) in InvalidationMutation.allCases.enumerated() {
            var caught = 0
            for (index, scenario) in Self.scenarios.enumerated() {
                let correct = correctRuns[index]
                let broken = brokenRuns[number * Self.scenarios.count + index]
                if let error = broken.error {
                    XCTAssertEqual(error.code, "routes-disagree", ReasonText.sentence(error))
                    XCTAssertTrue(ReasonText.sentence(error).contains("disagree on"), ReasonText.sentence(error))
                    caught += 1
                } else {
                    XCTAssertEqual(broken.failures, correct.failures, "\(scenario.name) under \(mutation)")
                    XCTAssertEqual(broken.passed, correct.passed, "\(scenario.name) under \(mutation)")
                }
            }
            if Self.decidedByTheRunner.contains(mutation) {
                // Nothing the evaluator computes changes, so nothing can catch it here; it must stay
                // that way until I12 is checked by both routes.
                XCTAssertEqual(caught, 0, "\(mutation) is decided by the runner, yet changed the evaluator")
            } else {
                XCTAssertGreaterThan(caught, 0, "no scenario catches an evaluator broken by \(mutation)")
            }
        }
    }

    /// Mutants of a rule the scenario runner applies once, before either route sees the trees, so
    /// an evaluator "broken" by them is the correct one: I12, whose state objects the runner keeps
    /// per identity (docs/invalidation.md, "I12": not checked twice the way I1–I11 are), and I8's
    /// `i8SetCommits`, which turns a `set` into the state change the trees carry, and I8's
    /// `i8Tracking`, which decides what the next render's trees say a body's tracking holds, and
    /// I8's `i8StateAfter`, which carries a state (and a mutant's set) to the next render.
    private static let decidedByTheRunner: Set<InvalidationMutation> = [
        .stateObjectRemade, .equalSetCommits, .trackingReplacedEachEvaluation, .firedTrackingKept, .skippedBodyReadsTracked,
        .readsNotRecorded, .setAppliedAgain, .stateCarriedToNewIdentity,
    ]

    func testAnInjectedWrongVerdictIsADisagreement() throws {
        let before = ViewNode("app", value: ViewValue("App", [StoredProperty("n", .plain(1))]), children: [
            ViewNode("row", steps: [.tuple(slot: 0, presentBefore: 0)], value: ViewValue("Row", [StoredProperty("n", .plain(1))])),
        ])
        var after = before
        after.value.properties[0].value = .plain(2)
        after.children[0].value.properties[0].value = .plain(2)
        let evaluations = BodyEvaluator().evaluate(before: before, after: after)
        XCTAssertEqual(evaluations.map(\.reason), [.comparedDifferent(.differentAt("n")), .comparedDifferent(.differentAt("n"))])
        let ground = try GroundInvalidation(identityRules: .runtime, rules: .runtime)
        XCTAssertEqual(
            ScenarioRunner.confirm(evaluations, before: before, after: after, ground: ground, render: 2), .agreed(2))
        for (index, wrong) in [(0, EvaluationReason.comparedEqual), (1, .parentSkipped), (1, .comparedDifferent(.differentAt("m")))] {
            var injected = evaluations
            injected[index].reason = wrong
            guard case .disagreed(let message) = ScenarioRunner.confirm(injected, before: before, after: after, ground: ground, render: 2) else {
                return XCTFail("an injected \(wrong) was not a disagreement")
            }
            XCTAssertTrue(message.contains("disagree on \(injected[index].label) in render 2"), message)
        }
    }

    func testARunWhoseBudgetZ3CannotMeetIsUnknown() throws {
        try SlowTier.require()
        var options = VerifierOptions()
        options.resourceLimit = 1
        let report = Verifier(options: options).run(paths: [Repository.lemmas.appendingPathComponent("invalidation")])
        let scenarios = report.lemmas.filter { $0.kind == .scenario }
        XCTAssertEqual(scenarios.count, Self.scenarios.count)
        for lemma in report.lemmas where lemma.kind == .lemma {
            XCTAssertNotEqual(lemma.verdict, .proved, "\(lemma.name): proved under a budget of one unit: \(lemma.message)")
        }
        for item in scenarios {
            XCTAssertEqual(item.verdict, .unknown, "\(item.name): \(item.message)")
            guard case .unknown(.groundUnanswered(_, let render, .resourceLimit(let units, _))) = item.outcome else {
                return XCTFail("\(item.name): \(item.outcome)")
            }
            XCTAssertEqual(render, 1)
            XCTAssertEqual(units, 1)
            XCTAssertEqual(item.outcome.reasonCode, "resource-limit")
        }
    }

    func testUnderIdOverridesStructureAnIDDropsTheIdentityAbove() throws {
        // The same `.id(1)` child under a root whose type changed: a new view under the runtime
        // rules, the same view (compared, equal) when `.id` restarts the identity.
        let child = ViewNode("chart", steps: [.tuple(slot: 0, presentBefore: 0), .explicitID(.int(1))], value: ViewValue("Chart"))
        let before = ViewNode("screen", value: ViewValue("Screen"), children: [child])
        var after = before
        after.value = ViewValue("OtherScreen")
        let restarting = RuleSet.runtime.mutated(.idOverridesStructure)
        for (rules, expected) in [(RuleSet.runtime, EvaluationReason.newIdentity), (restarting, .comparedEqual)] {
            let ground = try GroundInvalidation(identityRules: rules, rules: .runtime)
            guard case .decided(let verdicts) = try ground.verdicts(before: before, after: after) else {
                return XCTFail("no answer under \(rules.name)")
            }
            XCTAssertEqual(verdicts.map(\.reason), [.newIdentity, expected], "\(rules.mutation.map(\.rawValue) ?? rules.name)")
            XCTAssertEqual(BodyEvaluator(identityRules: rules).evaluate(before: before, after: after).map(\.reason), [.newIdentity, expected])
        }
    }

    func testAnExhaustedBudgetIsUnknownNotAgreement() throws {
        let node = ViewNode("app", value: ViewValue("App", [StoredProperty("n", .plain(1))]))
        let ground = try GroundInvalidation(
            identityRules: .runtime, rules: .runtime, budget: SolverBudget(resourceLimit: 1, milliseconds: 10_000))
        let evaluations = BodyEvaluator().evaluate(before: node, after: node)
        guard case .unknown = ScenarioRunner.confirm(evaluations, before: node, after: node, ground: ground, render: 2) else {
            return XCTFail("a check with one resource unit answered")
        }
    }
}
