import IdentityModel
import XCTest

@testable import Encoding

/// Red team of the shared obligation session (cbca4b6): obligations of one rule set discharged in
/// one session, each in its own scope, give the verdict each gets in a session of its own, in any
/// order, with broken obligations before and after proved ones (nothing of one scope leaks into
/// the next: a proof that leaked a premise could prove a later, false obligation).
final class SharedObligationSessionTests: XCTestCase {
    private let runner = ObligationRunner(exportsScripts: false)

    /// A verdict without its model or reason.
    private func kind(_ result: ObligationResult) -> String {
        switch result.verdict {
        case .proved: return "proved"
        case .failed: return "failed"
        case .vacuous: return "vacuous"
        case .unknown: return "unknown"
        }
    }

    func testASharedSessionGivesEachObligationItsOwnVerdictInAnyOrder() throws {
        let mutations: [RuleMutation] = [.idOverridesStructure, .optionalShiftsSiblings, .forEachByOffset]
        for rules in [RuleSet.runtime] + mutations.map({ RuleSet.runtime.mutated($0) }) {
            let obligations = Array(ReductionObligations(rules: rules))
            let alone = try obligations.map { kind(try runner.discharge($0)) }
            XCTAssertTrue(alone.allSatisfy { $0 != "unknown" }, "\(rules.name): \(alone)")
            let shared = try runner.discharge(obligations).map(kind)
            XCTAssertEqual(shared, alone, rules.name)
            let reversed = try runner.discharge(obligations.reversed()).map(kind)
            XCTAssertEqual(Array(reversed.reversed()), alone, "\(rules.name) reversed")
        }
    }

    /// The broken obligations of every mutation, each after all of runtime's proved ones, in one
    /// session: each still fails.
    func testABrokenObligationAfterProvedOnesInOneSessionStillFails() throws {
        var obligations = Array(ReductionObligations(rules: .runtime))
        let proved = obligations.count
        for mutation in [RuleMutation.idOverridesStructure, .optionalShiftsSiblings, .forEachByOffset] {
            let broken = RuleSet.runtime.mutated(mutation)
            obligations += ReductionObligations(rules: broken).filter { ["siblings.tuple", "siblings.forEach", "prefix.explicitID", "locality.explicitID"].contains($0.id) }
        }
        let results = try runner.discharge(obligations).map(kind)
        XCTAssertEqual(Array(results[..<proved]), Array(repeating: "proved", count: proved))
        let expected = try obligations[proved...].map { kind(try runner.discharge($0)) }
        XCTAssertEqual(Array(results[proved...]), expected)
        XCTAssertEqual(expected.filter { $0 == "failed" }.count, 4, "\(expected)")
    }
}
