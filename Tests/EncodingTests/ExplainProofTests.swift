import IdentityModel
import LemmaLogic
import TestSupport
import XCTest

@testable import Encoding

/// Explain mode at the path level: the unsat core of a proved query, mapped to typed items and
/// minimised, and what it says when Z3 gives no core.
final class ExplainProofTests: XCTestCase {
    private let pair = [PathVariable(name: "p", render: 0), PathVariable(name: "q", render: 1)]

    private func lemma(_ assumptions: [LogicFormula], show: LogicFormula, rules: RuleSet = .runtime) -> LemmaSpec {
        LemmaSpec(name: "explain", paths: pair, indexNames: ["i"], rules: rules, expectation: .holds, assumptions: assumptions, conclusion: show)
    }

    private func step(_ path: Int, _ field: StepField) -> LogicTerm { .stepField(path: path, index: .literal(0), field) }

    /// Both paths start with a conditional whose arms differ.
    private var armsDiffer: LogicFormula {
        .and([
            .compare(.equal, .stepField(path: 0, index: .literal(0), .kind), .kind(.conditional)),
            .compare(.equal, .stepField(path: 1, index: .literal(0), .kind), .kind(.conditional)),
            .compare(.notEqual, step(0, .arm), step(1, .arm)),
        ])
    }

    private func core(_ spec: LemmaSpec, budget: SolverBudget = .standard) throws -> UnsatCore {
        let answer = try PathLevelQuery.explainProof(lemma: spec, budget: budget, minimisationBudget: budget.fraction(5))
        guard case .core(let core) = answer else {
            XCTFail("expected a core, got \(answer)")
            throw CancellationError()
        }
        return core
    }

    /// `elem(p, 0) != elem(q, 0)` follows from the arms differing by R4 alone: the core names the
    /// first assumption, R4 and the conclusion, and neither the second assumption nor another rule.
    func testCoreNamesTheOneAssumptionAndTheRuleTheProofNeeds() throws {
        let spec = lemma(
            [armsDiffer, .compare(.equal, .pathField(path: 0, .state), .int(3))],
            show: .compare(.notEqual, .elem(path: 0, index: .literal(0)), .elem(path: 1, index: .literal(0))))
        let answer = try PathLevelQuery.explainProof(lemma: spec, budget: .standard, minimisationBudget: SolverBudget.standard.fraction(5))
        guard case .core(let core) = answer else { return XCTFail("expected a core, got \(answer)") }
        XCTAssertTrue(core.items.contains(.assumption(0)), "\(core.items)")
        XCTAssertFalse(core.items.contains(.assumption(1)), "\(core.items)")
        XCTAssertTrue(core.items.contains(.element(.conditional)), "\(core.items)")
        XCTAssertTrue(core.items.contains(.conclusion), "\(core.items)")
        XCTAssertEqual(core.items.filter { if case .element = $0 { return true } else { return false } }, [.element(.conditional)])
        XCTAssertTrue(core.tracked.contains(.assumption(1)))
        XCTAssertTrue(core.tracked.contains(.element(.tuple)))
        XCTAssertFalse(core.tracked.contains(.structure(.other)), "every assertion of the query is recognised: \(core.tracked)")
        // Each of the three was shown necessary: without it the rest is satisfiable.
        for entry in core.entries where [.assumption(0), .element(.conditional), .conclusion].contains(entry.item) {
            XCTAssertEqual(entry.necessity, .necessary, "\(entry.item)")
        }
    }

    /// Under the documented rules AnyView is fresh in every render: a lemma about it rests on R5.
    func testOpaqueAnyViewProofRestsOnR5() throws {
        let anyView = LogicFormula.and([
            .compare(.equal, .stepField(path: 0, index: .literal(0), .kind), .kind(.anyView)),
            .compare(.equal, .stepField(path: 1, index: .literal(0), .kind), .kind(.anyView)),
        ])
        let spec = lemma([anyView], show: .not(.survives(0, 1)), rules: .documented)
        let core = try core(spec)
        XCTAssertTrue(core.items.contains(.element(.anyView)), "\(core.items)")
        XCTAssertTrue(core.items.contains(.assumption(0)), "\(core.items)")
    }

    /// A budget too small for any check: no core, never a made-up one.
    func testTinyBudgetGivesNoCore() throws {
        let spec = lemma([armsDiffer], show: .compare(.notEqual, .elem(path: 0, index: .literal(0)), .elem(path: 1, index: .literal(0))))
        let tiny = SolverBudget(resourceLimit: 1, milliseconds: 60_000)
        let answer = try PathLevelQuery.explainProof(lemma: spec, budget: tiny, minimisationBudget: tiny)
        guard case .noCore(let stop) = answer else { return XCTFail("expected no core, got \(answer)") }
        XCTAssertEqual(stop.code, "resource-limit", "\(stop)")
    }

    /// A false lemma's tracked query is satisfiable: no core, with the erased-type facts or without.
    func testFalseLemmaGivesNoCore() throws {
        try assertNoCore(lemma([], show: .survives(0, 1)))
    }

    /// The same for the engineer's expectation (same address, so the same identity), whose model
    /// Z3 takes ten times as long to find.
    func testTheEngineersFalseExpectationGivesNoCore() throws {
        try SlowTier.require()  // testFalseLemmaGivesNoCore is the fast tier's false lemma
        try assertNoCore(lemma([.sameAddress(0, 1)], show: .survives(0, 1)))
    }

    private func assertNoCore(_ spec: LemmaSpec, line: UInt = #line) throws {
        let otherAnswers = try Concurrently.map([false, true]) { contentTypes -> String? in
            let answer = try PathLevelQuery.explainProof(
                lemma: spec, budget: .standard, minimisationBudget: .standard, contentTypes: contentTypes)
            guard case .satisfiable = answer else { return "\(answer)" }
            return nil
        }
        XCTAssertEqual(otherAnswers.count, 2, line: line)
        for (contentTypes, other) in zip([false, true], otherAnswers) {
            XCTAssertNil(other, "a false lemma has no core (content types \(contentTypes))", line: line)
        }
    }
}
