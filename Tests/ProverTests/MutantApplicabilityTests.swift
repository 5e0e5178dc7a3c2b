import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Prover
@testable import Reports

/// A mutant is not applicable to a run only when it killed nothing, changed no verdict, and no item
/// of the run touches the rule it breaks: a mutant whose rule the items use stays a survivor even
/// when no verdict changes, and a run without a reference calls nothing not applicable.
final class MutantApplicabilityTests: XCTestCase {
    /// Two renders of one `if`: only conditional steps (no tuple, ForEach, id, modifier, AnyView or container).
    private static let arms = """
        scenario arms_reset {
          summary "the other arm is another view"
          source R4
          rules runtime
          expect holds
          render { if true { Counter(state: 0) @c } else { Counter(state: 0) } }
          set c = 5
          render { if false { Counter(state: 0) } else { Counter(state: 0) @c } }
          check c resets
        }
        """

    /// The same keys in both renders: no ForEach mutant changes the verdict, yet the rows are ForEach steps.
    private static let rows = """
        scenario rows_keep_state {
          summary "the same key is the same row"
          source R8
          rules runtime
          expect holds
          render { ForEach([1]) { Row(state: 0) @row } }
          set row[1] = 5
          render { ForEach([1]) { Row(state: 0) @row } }
          check row[1] survives
        }
        """

    private func scenarios(_ text: String) throws -> [Verifier.WorkItem] {
        let folder = try Repository.temporaryFolder(["s.lemma": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = LemmaLoader().load(files: [folder.appendingPathComponent("s.lemma")])
        XCTAssertFalse(loaded.hasErrors, loaded.diagnostics.map(\.description).joined(separator: "\n"))
        return loaded.files.flatMap { $0.scenarios.map { Verifier.WorkItem.scenario($0, file: "s.lemma") } }
    }

    func testAScenarioTouchesTheRulesOfTheStepsItsProgramsHold() throws {
        let arms = try scenarios(Self.arms)
        XCTAssertEqual(arms.count, 1)
        XCTAssertTrue(Mutant.identity(.armsShareIdentity).isTouched(by: arms))
        XCTAssertFalse(Mutant.identity(.forEachByOffset).isTouched(by: arms))
        XCTAssertFalse(Mutant.identity(.anyViewIgnoresType).isTouched(by: arms))
        // Rules about state and retention are touched by every render.
        XCTAssertTrue(Mutant.identity(.reReadInitialValue).isTouched(by: arms))
        XCTAssertTrue(Mutant.identity(.noRetention).isTouched(by: arms))
        // No invalidation item: no invalidation mutant is touched.
        XCTAssertFalse(Mutant.invalidation(.closuresCompareEqual).isTouched(by: arms))
        XCTAssertTrue(Mutant.identity(.forEachKeyIgnored).isTouched(by: try scenarios(Self.rows)))
        XCTAssertFalse(Mutant.identity(.forEachKeyIgnored).isTouched(by: []))
    }

    func testALemmaTouchesEveryIdentityRule() throws {
        let folder = try Repository.temporaryFolder(["l.lemma": LemmaSet.flippedLemma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = LemmaLoader().load(files: [folder.appendingPathComponent("l.lemma")])
        let lemmas = loaded.files.flatMap { $0.lemmas.map { Verifier.WorkItem.lemma($0, file: "l.lemma") } }
        XCTAssertEqual(lemmas.count, 1)
        for mutation in RuleMutation.allCases { XCTAssertTrue(Mutant.identity(mutation).isTouched(by: lemmas), "\(mutation)") }
    }

    func testTheScoreOfAScenarioCallsOnlyUntouchedUnkilledMutantsNotApplicable() throws {
        let folder = try Repository.temporaryFolder(["arms.lemma": Self.arms, "rows.lemma": Self.rows])
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, filter) in [("arms.lemma", "arms_reset"), ("rows.lemma", "rows_keep_state")] {
            var options = VerifierOptions()
            options.filter = filter
            let verifier = Verifier(options: options)
            let reference = verifier.run(paths: [folder])
            XCTAssertEqual(reference.exitCode, 0, HumanReport.text(reference))
            let outcomes = Dictionary(uniqueKeysWithValues: verifier.mutationScore(paths: [folder], reference: reference).map { ($0.mutation.name, $0) })
            XCTAssertEqual(outcomes.count, Mutant.all.count)
            for outcome in outcomes.values {
                XCTAssertFalse(outcome.killed && outcome.notApplicable, "\(file): \(outcome.mutation)")
                XCTAssertEqual(outcome.survived, !outcome.killed && !outcome.notApplicable)
            }
            for mutation in InvalidationMutation.allCases { XCTAssertEqual(outcomes[mutation.rawValue]?.notApplicable, true, "\(file): \(mutation)") }
            if file == "arms.lemma" {
                XCTAssertEqual(outcomes["armsShareIdentity"]?.killed, true)
                XCTAssertEqual(outcomes["forEachByOffset"]?.notApplicable, true)
                XCTAssertEqual(outcomes["noRetention"]?.notApplicable, false, "retention is touched by every render")
            } else {
                // No ForEach mutant changes this scenario, but its rows are ForEach steps: a survivor.
                XCTAssertEqual(outcomes["forEachKeyIgnored"]?.killed, false)
                XCTAssertEqual(outcomes["forEachKeyIgnored"]?.survived, true)
                XCTAssertEqual(outcomes["armsShareIdentity"]?.notApplicable, true)
            }
            // Without the reference run nothing is called not applicable.
            if file == "arms.lemma" {
                XCTAssertEqual(verifier.mutationScore(paths: [folder]).filter(\.notApplicable).count, 0)
            }
        }
        XCTAssertEqual(MutantOutcome(mutation: .identity(.noRetention), killers: ["x"], notApplicable: true).notApplicable, false)
    }

    /// `--mutant` of an invalidation rule on a run whose items read no invalidation rules checks
    /// nothing: that is an input error (E091, exit 2), not "0 checked" and exit 0; `--allow-empty`
    /// lets it pass as it lets any empty run pass, and an identity mutant on the same run still runs.
    func testAnInvalidationMutantOnIdentityItemsAppliesToNothing() throws {
        let folder = try Repository.temporaryFolder(["arms.lemma": Self.arms])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        Mutant.invalidation(.ownChangeIgnored).apply(to: &options)
        let report = Verifier(options: options).run(paths: [folder])
        XCTAssertEqual(report.lemmas.count, 0)
        XCTAssertEqual(report.problems.map(\.id), ["E091"], "\(report.problems)")
        XCTAssertEqual(report.exitCode, 2)

        options.allowsEmpty = true
        XCTAssertEqual(Verifier(options: options).run(paths: [folder]).exitCode, 0)

        var identity = VerifierOptions()
        Mutant.identity(.armsShareIdentity).apply(to: &identity)
        let killed = Verifier(options: identity).run(paths: [folder])
        XCTAssertEqual(killed.problems.map(\.id), [])
        XCTAssertEqual(killed.lemmas.map(\.verdict), [.refuted])

        let run = try VerifyLemmasProcess.run([folder.path, "--quiet", "--mutant", "ownChangeIgnored"])
        XCTAssertEqual(run.status, 2, run.combined)
        XCTAssertTrue(run.combined.contains("ownChangeIgnored applies to nothing"), run.combined)
    }

    /// The one rule for a kill (`MutantOutcome.kills`, which the score and the invalidation
    /// mutants' test both call): an `expect holds` item refuted or an `expect refuted` item
    /// proved; an unknown, an error or a verdict as expected kills nothing.
    func testOnlyADecidedVerdictAgainstTheExpectationKills() {
        let counterexample = Counterexample(renders: [], trees: [], firstDifference: nil, trace: [], paths: [], origin: .checker)
        func item(_ expected: LemmaLogic.Expectation, _ outcome: Prover.Outcome) -> LemmaReport {
            LemmaReport(
                name: "l", kind: .lemma, file: "f.lemma", line: 1, column: 1, summary: nil, sources: ["I8"], rules: "runtime",
                expected: expected, outcome: outcome, seconds: 0, message: "")
        }
        XCTAssertTrue(MutantOutcome.kills(item(.holds, .refuted(counterexample))))
        XCTAssertTrue(MutantOutcome.kills(item(.refuted, .proved(.unbounded))))
        XCTAssertTrue(MutantOutcome.kills(item(.refuted, .proved(.bounded(.pathLength(steps: 4))))))
        for (expected, outcome) in [
            (LemmaLogic.Expectation.holds, Prover.Outcome.proved(.unbounded)), (.refuted, .refuted(counterexample)), (.holds, .vacuous),
            (.holds, .unknown(reason: .solver(.timeLimit(milliseconds: 5, z3: "timeout")))), (.refuted, .error(.solverFailure("x"))),
        ] {
            XCTAssertFalse(MutantOutcome.kills(item(expected, outcome)), "\(expected) \(outcome.verdict)")
        }
    }
}
