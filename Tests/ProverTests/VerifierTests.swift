import Foundation
import IdentityModel
import LemmaLogic
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover
@testable import Reports

/// End to end: the shipped lemma set through both routes, and what a user sees when a file is wrong.
final class VerifierTests: XCTestCase {
    private func lemma(_ name: String, in report: RunReport) throws -> LemmaReport {
        try XCTUnwrap(report.lemmas.first { $0.name == name }, "no lemma \(name)")
    }

    func testShippedSetComesOutAsExpected() throws { try assertComesOutAsExpected(LemmaSet.representativeReport) }

    /// The same over the whole of Lemmas/ (the slow tier).
    func testShippedSetComesOutAsExpectedOverTheWholeSet() throws {
        try SlowTier.require()
        try assertComesOutAsExpected(LemmaSet.shippedReport)
    }

    private func assertComesOutAsExpected(_ report: RunReport) throws {
        XCTAssertEqual(report.exitCode, 0, HumanReport.text(report))
        XCTAssertTrue(report.diagnostics.isEmpty, report.diagnostics.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(report.lemmas.count, 25)
        for reduction in report.reductions { XCTAssertTrue(reduction.holds, "\(reduction.rules.name): \(reduction.unproved)") }
    }

    func testEveryRuleLemmaIsProvedUnbounded() throws {
        let report = LemmaSet.representativeReport
        let ruleLemmas = report.lemmas.filter { $0.file.hasSuffix("rules/rules.lemma") && $0.expected == .holds }
        XCTAssertGreaterThanOrEqual(ruleLemmas.count, 10)
        for lemma in ruleLemmas {
            XCTAssertEqual(lemma.verdict, .proved, lemma.name)
            XCTAssertEqual(lemma.scope, .unbounded, "\(lemma.name): \(lemma.message)")
            XCTAssertFalse(lemma.obligations.isEmpty, lemma.name)
        }
        let rules = Set(ruleLemmas.flatMap(\.sources).filter { $0.hasPrefix("R") })
        for rule in ["R1", "R2", "R3", "R4", "R5", "R6", "R8", "R10"] { XCTAssertTrue(rules.contains(rule), rule) }
    }

    /// Each finding is refuted, and its counterexample shows the cause seed 000 gives.
    func testSeed000FindingsAreRefutedForTheSeedsReasons() throws {
        let report = LemmaSet.representativeReport
        let causes = [
            "finding1_conditional_modifier_is_a_noop": "arm(",
            "finding2_editing_a_self_keyed_row_keeps_its_state": "key(",
            "finding4_if_let_and_if_not_nil_are_equivalent": "opaque(",
        ]
        for (name, cause) in causes {
            let finding = try lemma(name, in: report)
            XCTAssertEqual(finding.verdict, .refuted, "\(name): \(finding.message)")
            let counterexample = try XCTUnwrap(finding.counterexample, name)
            XCTAssertTrue(counterexample.firstDifference?.contains(cause) ?? false, "\(name): \(counterexample.firstDifference ?? "none")")
            XCTAssertEqual(counterexample.renders.map(\.name), ["before", "after"])
            // Shrunk: a person reads a path of a step or two, not forty.
            XCTAssertTrue(counterexample.paths.allSatisfy { $0.components(separatedBy: " / ").count <= 3 }, "\(name): \(counterexample.paths)")
        }
        let anyView = try lemma("finding3_anyview_always_resets", in: report)
        XCTAssertEqual(anyView.verdict, .refuted)
        XCTAssertTrue(try XCTUnwrap(anyView.counterexample).renders[0].code.contains("AnyView"))
        XCTAssertEqual(try lemma("finding3_documented_model_rebuilds_anyview", in: report).verdict, .proved)
        XCTAssertEqual(try lemma("finding4_fixed_in_ios18_4", in: report).verdict, .proved)
    }

    func testScenariosPassAndAgreeWithZ3() throws { try assertScenariosPassAndAgreeWithZ3(LemmaSet.representativeReport) }

    /// The same over every scenario of Lemmas/ (the slow tier).
    func testScenariosPassAndAgreeWithZ3OverTheWholeSet() throws {
        try SlowTier.require()
        try assertScenariosPassAndAgreeWithZ3(LemmaSet.shippedReport)
    }

    private func assertScenariosPassAndAgreeWithZ3(_ report: RunReport) throws {
        let scenarios = report.lemmas.filter { $0.kind == .scenario }
        XCTAssertGreaterThanOrEqual(scenarios.count, 6)
        for scenario in scenarios {
            XCTAssertTrue(scenario.asExpected, "\(scenario.name): \(scenario.message)")
            // Z3's ground encoding agreed with the semantics on every identity, and an invalidation
            // scenario's (Lemmas/invalidation) of I1–I11 with BodyEvaluator on every view of every render.
            if scenario.verdict == .proved {
                guard case .agreed(_, let compared)? = scenario.groundCheck else {
                    XCTFail("\(scenario.name): \(String(describing: scenario.groundCheck))")
                    continue
                }
                XCTAssertEqual(compared, scenario.rules.contains("invalidation") ? .bodyVerdicts : .identities, scenario.name)
            } else {
                XCTAssertNil(scenario.groundCheck, scenario.name)
            }
        }
        let claim = try lemma("seed002_stable_counter_id_keeps_state_when_removed", in: report)
        XCTAssertEqual(claim.verdict, .refuted)
        XCTAssertEqual(claim.failedChecks.map(\.name), ["kept", "keeps_value"], claim.message)
        XCTAssertEqual(claim.failedChecks.map(\.line), [282, 283])
        XCTAssertTrue(claim.asExpected)
    }

    /// Changing a lemma's expectation makes the run fail and say why.
    func testFlippedExpectationFailsTheRun() throws {
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(report.exitCode, 1)
        let flipped = try lemma("flipped", in: report)
        XCTAssertEqual(flipped.verdict, .refuted)
        XCTAssertFalse(flipped.asExpected)
        XCTAssertEqual(flipped.expectedVerdict, .proved)
        XCTAssertEqual(flipped.counterexample?.differingElement, 0)
    }

    /// Wording on purpose: the human report's line of a lemma not as expected, and the first
    /// difference under it (what a person reads in a CI log).
    func testWordingOfAFailedLemmaInTheHumanReport() throws {
        let folder = try Repository.temporaryFolder(["flipped.lemma": LemmaSet.flippedLemma])
        let text = HumanReport.text(Verifier(options: VerifierOptions()).run(paths: [folder]))
        XCTAssertTrue(text.contains("FAIL refuted  flipped (expected proved)"), text)
        XCTAssertTrue(text.contains("first difference: element"), text)
    }

    /// Bad input: exit status 2, diagnostics with file:line:col, the other files still checked.
    func testMalformedFileIsReportedAndOthersStillRun() throws {
        let good = """
            lemma fine { summary "ok"; source R4; rules runtime; expect holds
              forall p: path in before, q: path in after
              assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm
              show resets(p, q) }
            """
        let bad = """
            lemma broken {
              source R4
              rules runtime
              expect holds
              forall p: path in before, q: path in after
              show p[i].key == p[i].arm
            }
            """
        let folder = try Repository.temporaryFolder(["good.lemma": good, "bad.lemma": bad])
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(report.exitCode, 2)
        let unbound = try XCTUnwrap(report.problems.first { $0.file?.hasSuffix("/bad.lemma") ?? false }, "\(report.problems)")
        XCTAssertEqual(unbound.id, "E029", "\(unbound)")
        XCTAssertEqual([unbound.line, unbound.column], [6, 10], "\(unbound)")
        XCTAssertEqual(try lemma("fine", in: report).verdict, .proved)
        XCTAssertEqual(try lemma("broken", in: report).verdict, .error)
    }

    /// A passing scenario says what its second route did as a code: `agreed` on how many
    /// identities under local rules, `not-local` under a mutant the path level cannot express
    /// (the sentence said so only in `message`); JSON carries the same, and SARIF for a passing
    /// scenario expected refuted.
    func testAScenarioSaysWhatItsGroundRouteDidAsACode() throws {
        let scenario = """
            scenario kept {
              source R4; rules runtime; expect holds
              render { VStack { Counter(state: 0) @c } }
              set c = 2
              render { VStack { Counter(state: 0) @c } }
              check c survives
            }
            """
        let folder = try Repository.temporaryFolder([
            "s.lemma": scenario,
            "t.lemma": scenario.replacingOccurrences(of: "kept", with: "wrongly_refuted").replacingOccurrences(of: "expect holds", with: "expect refuted"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var nonLocal = VerifierOptions()
        nonLocal.mutation = .idOverridesStructure
        let reports = try Concurrently.map([VerifierOptions(), nonLocal]) { Verifier(options: $0).run(paths: [folder]) }
        let (local, mutant) = (try lemma("kept", in: reports[0]), try lemma("kept", in: reports[1]))
        XCTAssertEqual([local.verdict, mutant.verdict], [.proved, .proved])
        guard case .agreed(let count, .identities)? = local.groundCheck else { return XCTFail("\(String(describing: local.groundCheck))") }
        XCTAssertGreaterThan(count, 0)
        XCTAssertEqual(mutant.groundCheck, .notLocal)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONReport.data(reports[1])) as? [String: Any])
        let entry = try XCTUnwrap((json["lemmas"] as? [[String: Any]])?.first { $0["name"] as? String == "kept" })
        let ground = try XCTUnwrap(entry["groundCheck"] as? [String: Any], "\(entry)")
        XCTAssertEqual(ground["code"] as? String, "not-local")
        XCTAssertTrue(ground["count"] is NSNull && ground["compared"] is NSNull, "\(ground)")
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: SARIFReport.data(reports[0], toolVersion: "test")) as? [String: Any])
        let results = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { ($0["properties"] as? [String: Any])?["groundCheck"] as? String }, ["agreed"], "\(results)")
    }

    /// An undefined render (a duplicated `ForEach` key) is still cross-checked: Z3's ground
    /// encoding must give the two rows of key 7 one identity and the row of key 8 another, as the
    /// semantics does (it once compared nothing there and said it agreed on 0 identities).
    func testAnUndefinedRenderIsCrossCheckedOnItsCollidingIdentities() throws {
        let folder = try Repository.temporaryFolder([
            "s.lemma": """
                scenario duplicated {
                  source R8; rules runtime; expect holds
                  render { List { ForEach([7, 7, 8]) { ItemView(state: 0) @row } } }
                  check undefined
                }
                scenario stateless {
                  source R8; rules runtime; expect holds
                  render { List { ForEach([7, 7]) { Text("x") } } }
                  check undefined
                }
                """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        XCTAssertEqual(try lemma("duplicated", in: report).groundCheck, .agreed(count: 3, compared: .identities))
        XCTAssertEqual(try lemma("stateless", in: report).groundCheck, .agreed(count: 0, compared: .identities))
        XCTAssertEqual(ReasonText.sentence(.agreed(count: 0, compared: .identities), rules: "runtime"), "Z3's ground encoding had no identities to compare")
        // Under `duplicateKeysMerged` the render is defined and its two rows of key 7 are one view,
        // in the semantics and in Z3 alike: the check of `undefined` fails (the mutant is killed),
        // and the routes agree (a first version of the cross-check called them disagreeing).
        var merged = VerifierOptions()
        merged.mutation = .duplicateKeysMerged
        let mutant = try lemma("duplicated", in: Verifier(options: merged).run(paths: [folder]))
        XCTAssertEqual(mutant.verdict, .refuted, mutant.message)
        XCTAssertEqual(mutant.failedChecks.map(\.found), [FailedCheck.Finding.renderDefined], "\(mutant.failedChecks)")
    }

    func testMissingPathIsBadInput() {
        let report = Verifier(options: VerifierOptions()).run(paths: [URL(fileURLWithPath: "/nonexistent/x.lemma")])
        XCTAssertEqual(report.exitCode, 2)
        XCTAssertEqual(report.problems.map(\.id), ["E090"], "\(report.problems)")
        XCTAssertEqual(report.problems.first?.file, "/nonexistent/x.lemma")
    }

    func testReportsAreWellFormed() throws { try assertReportsAreWellFormed(LemmaSet.representativeReport) }

    /// The same over the whole of Lemmas/ (the slow tier).
    func testReportsAreWellFormedOverTheWholeSet() throws {
        try SlowTier.require()
        try assertReportsAreWellFormed(LemmaSet.shippedReport)
    }

    private func assertReportsAreWellFormed(_ report: RunReport) throws {
        let json = try JSONSerialization.jsonObject(with: try JSONReport.data(report)) as? [String: Any]
        let lemmas = try XCTUnwrap(json?["lemmas"] as? [[String: Any]])
        XCTAssertEqual(lemmas.count, report.lemmas.count)
        for entry in lemmas {
            for key in ["name", "file", "line", "expected", "verdict", "asExpected", "scope", "bound", "seconds", "counterexample", "message"] {
                XCTAssertNotNil(entry[key], "\(key) missing in \(entry["name"] ?? "?")")
            }
            if entry["verdict"] as? String == "refuted" {
                XCTAssertTrue(entry["counterexample"] is [String: Any], "\(entry["name"] ?? "?")")
            } else {
                XCTAssertTrue(entry["counterexample"] is NSNull, "\(entry["name"] ?? "?")")
            }
        }
        XCTAssertEqual(json?["z3Version"] as? String, report.z3Version)
        let xml = JUnitReport.xml(report)
        let tests = report.lemmas.count + report.reductions.map(\.results.count).reduce(0, +)
        XCTAssertTrue(xml.contains("<testsuites name=\"verify-lemmas\" tests=\"\(tests)\" failures=\"0\" errors=\"0\""), xml)
        let refuted = try XCTUnwrap(report.lemmas.first { $0.counterexample?.trees.isEmpty == false })
        let dot = DotWriter.dot(refuted.counterexample!, title: refuted.name)
        XCTAssertTrue(dot.hasPrefix("digraph") && dot.contains("cluster_1") && dot.contains("holds "), dot)
    }
}
