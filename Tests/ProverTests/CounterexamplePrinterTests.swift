import Foundation
import IdentityModel
import Invalidation
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover
@testable import Reports

/// One counterexample printer for every command (`CounterexampleText`, `DotWriter`): invalidation
/// counterexamples as view trees in the render syntax with the named views marked and each one's
/// verdict and rules per transition, replayed and checked against the written formulas before
/// `--explain`, `--example` and `--dot` show them; the checker's unlabelled leaves marked; a
/// `mutate` in the picture; `diff-rules` naming the failed check.
final class CounterexamplePrinterTests: XCTestCase {
    /// False invalidation lemmas (each leaves out an assumption a true one needs), one over three
    /// renders with a parent and its child, and a scenario.
    static let fixture = """
        lemma false_parent_skipped_skips {
          source I9; rules runtime; invalidation runtime; expect holds
          forall p: path in after
          assume rendered(p, before) && !parentEvaluated(p, after)
          assume p.props <= 2
          show !evaluated(p, after)
        }

        lemma false_child_skipped_in_both {
          source I9; rules runtime; invalidation runtime; expect holds
          renders a, b, c
          forall p: path in c, q: path in c
          assume childOf(q, p)
          assume !evaluated(p, b) && !evaluated(p, c)
          show !evaluated(q, b) && !evaluated(q, c)
        }

        lemma false_set_state_is_lost {
          source R1; rules runtime; expect refuted
          forall p: path in before, q: path in after
          mutate p
          assume survives(p, q)
          show q.state != p.set
        }

        scenario row_compared_equal {
          source I2; rules runtime; invalidation runtime; expect holds
          render { Screen(state: 0) @screen { AnyView(Row(count: 1)) @row } }
          set screen = 1
          render { Screen(state: 0) @screen { AnyView(Row(count: 1)) @row } }
          check same_row: row skipped because equal
        }
        """

    private static let folder = try! Repository.temporaryFolder(["printer.lemma": fixture])
    /// The fixture run with `--explain`, the shallow checker (these tests are about printing).
    private static let explained: RunReport = {
        var options = VerifierOptions.shallowChecker
        options.explains = true
        return Verifier(options: options).run(paths: [folder])
    }()

    private func report(_ name: String) throws -> LemmaReport {
        try XCTUnwrap(Self.explained.lemmas.first { $0.name == name }, "no report for \(name)")
    }

    /// The counterexample of `name`, which must be refuted.
    private func counterexample(_ name: String) throws -> Prover.Counterexample {
        let report = try report(name)
        guard case .refuted(let counterexample) = report.outcome else { throw NotRefuted(message: "\(name): \(report.message)") }
        return counterexample
    }

    private struct NotRefuted: Error {
        var message: String
    }

    /// The checked lemma `name` of the fixture, as written.
    private func checked(_ name: String) throws -> CheckedLemma {
        try XCTUnwrap(LemmaLoader().load(directory: Self.folder).lemmas.first { $0.name == name })
    }

    /// A false lemma over one view: the renders are view trees printed by `RenderPrinter`, the view
    /// `p` names is marked in both, its verdict names the rules, and what is shown is a
    /// counterexample of the lemma as written.
    func testAFalseInvalidationLemmaPrintsMarkedViewTreesAndEachViewsVerdict() throws {
        XCTAssertEqual(try report("false_parent_skipped_skips").verdict, .refuted)
        let example = try counterexample("false_parent_skipped_skips")
        XCTAssertEqual(example.renders.map(\.name), ["before", "after"])
        XCTAssertEqual(example.renders.map(\.code), example.viewTrees.map { RenderPrinter.print($0) })
        let verdict = try XCTUnwrap(example.verdicts.first)
        XCTAssertEqual(example.verdicts.count, 1)
        XCTAssertEqual([verdict.variable, verdict.label], ["p", "view"])
        XCTAssertEqual([verdict.transition, verdict.before, verdict.after], [1, 0, 1])
        XCTAssertTrue(verdict.evaluated, "the lemma says skipped; a counterexample runs the body")
        XCTAssertEqual(verdict.parentEvaluated, false)
        XCTAssertEqual(verdict.rules, ["I8"], "a skipped parent leaves only an own change to run the body")
        XCTAssertNil(WrittenFormulaCheck.notACounterexample(example, of: try checked("false_parent_skipped_skips"), rules: .runtime))

        let lines = CounterexampleText.lines(example, verbose: false)
        XCTAssertEqual(lines.filter { $0.contains("@view") && $0.contains("◀ p") }.count, 1, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("p in after: body(@view) evaluated [I8]") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("goes wrong at render 'after'") }, lines.joined(separator: "\n"))
    }

    /// Over three renders with a parent and its child: both views are marked in the renders of
    /// each transition, with one verdict per view per transition.
    func testAChainCounterexampleHasAVerdictPerViewPerTransition() throws {
        let example = try counterexample("false_child_skipped_in_both")
        XCTAssertEqual(example.renders.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(example.verdicts.map(\.variable), ["p", "p", "q", "q"])
        XCTAssertEqual(example.verdicts.map(\.transition), [1, 2, 1, 2])
        XCTAssertEqual(example.verdicts.filter { $0.variable == "p" }.map(\.evaluated), [false, false])
        XCTAssertTrue(example.verdicts.filter { $0.variable == "q" }.contains { $0.evaluated && $0.rules == ["I8"] })
        XCTAssertTrue(example.verdicts.filter { $0.variable == "q" }.allSatisfy { $0.parentEvaluated == false })
        XCTAssertNil(WrittenFormulaCheck.notACounterexample(example, of: try checked("false_child_skipped_in_both"), rules: .runtime))
        let lines = CounterexampleText.lines(example, verbose: false)
        let marked = lines.filter { $0.contains("◀ p") }
        XCTAssertFalse(marked.isEmpty, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("@q") && $0.contains("◀ q") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.filter { $0.hasPrefix("q in ") }.count, 2, lines.joined(separator: "\n"))
    }

    /// A counterexample that is not one of the lemma as written (its conclusion holds on it) is
    /// caught: the check reads the written formulas, not the route's answer.
    func testTheWrittenCheckRejectsACounterexampleOfAnotherLemma() throws {
        let example = try counterexample("false_parent_skipped_skips")
        let lemma = try checked("false_parent_skipped_skips")
        guard case .invalidation(var statement) = lemma.statement else { return XCTFail("not an invalidation lemma") }
        statement.conclusion = .evaluated(0, transition: 0)
        var other = lemma
        other.statement = .invalidation(statement)
        XCTAssertNotNil(WrittenFormulaCheck.notACounterexample(example, of: other, rules: .runtime))
        var unviewed = example
        unviewed.histories = nil
        XCTAssertNotNil(WrittenFormulaCheck.notACounterexample(unviewed, of: lemma, rules: .runtime))
    }

    /// `--explain` of a false invalidation lemma: each assumption negated, judged like any lemma;
    /// a counterexample it shows replays and is printed with the marks and verdicts.
    func testExplainOfAnInvalidationRefutationNegatesEachAssumption() throws {
        guard case .refutation(let refutation)? = try report("false_parent_skipped_skips").explanation else {
            return XCTFail("\(String(describing: try report("false_parent_skipped_skips").explanation))")
        }
        XCTAssertEqual(refutation.entries.map(\.assumption.line), [4, 5])
        guard case .notNeeded(let other) = refutation.entries[1].dependence else {
            return XCTFail("p.props <= 2 negated: \(refutation.entries[1].dependence)")
        }
        XCTAssertFalse(other.verdicts.isEmpty)
        var negated = try checked("false_parent_skipped_skips")
        if case .success(let variant) = negated.negatingAssumption(1) { negated = variant } else { return XCTFail("negation rejected") }
        XCTAssertNil(WrittenFormulaCheck.notACounterexample(other, of: negated, rules: .runtime))
        let text = ExplanationText.lines(.refutation(refutation)).joined(separator: "\n")
        XCTAssertTrue(text.contains("◀ p") && text.contains("body(@view)"), text)
    }

    /// `--example` of an invalidation lemma: views on which the written assumptions hold, shown
    /// with the marks and verdicts.
    func testExampleOfAnInvalidationLemmaShowsCheckedViews() throws {
        let found = try XCTUnwrap(Verifier(options: VerifierOptions()).example(named: "false_parent_skipped_skips", paths: [Self.folder]))
        let witness = try XCTUnwrap(found.witness, found.text)
        let statement = try XCTUnwrap(try checked("false_parent_skipped_skips").invalidation)
        XCTAssertEqual(try WrittenFormulaCheck.failingAssumptions(of: statement, on: witness).get(), [])
        XCTAssertTrue(found.text.contains("◀ p") && found.text.contains("p in after: body(@view)"), found.text)
    }

    /// `--dot` draws invalidation counterexamples: one cluster per render, the named view coloured
    /// with its verdict.
    func testDotDrawsInvalidationCounterexamples() throws {
        let out = TemporaryFolder.path("dot")
        defer { try? FileManager.default.removeItem(at: out) }
        let written = try DotFolder(path: out.path).write(Self.explained)
        XCTAssertTrue(written.contains { $0.hasSuffix("false_parent_skipped_skips.dot") }, "\(written)")
        let dot = try String(contentsOfFile: out.appendingPathComponent("false_child_skipped_in_both.dot").path, encoding: .utf8)
        XCTAssertEqual(dot.components(separatedBy: "subgraph cluster_").count - 1, 3, dot)
        XCTAssertTrue(dot.contains("@q") && dot.contains("evaluated [I8]"), dot)
        XCTAssertTrue(dot.contains("q: orange") && dot.contains(DotWriter.colours[1]), dot)
    }

    /// A failed scenario check is named by the report that `diff-rules` prints from.
    func testAFailedScenarioCheckIsNamed() throws {
        var options = VerifierOptions()
        options.rules = RuleSet.named("documented")
        options.filter = "row_compared_equal"
        let report = try XCTUnwrap(Verifier(options: options).run(paths: [Self.folder]).lemmas.first { $0.name == "row_compared_equal" })
        XCTAssertEqual(report.verdict, .refuted, report.message)
        XCTAssertEqual(report.failedChecks.map(\.reference), ["same_row"])
        let example = try XCTUnwrap(report.counterexample)
        let lines = CounterexampleText.lines(example, verbose: false)
        XCTAssertTrue(lines.contains { $0.hasPrefix("failed check same_row (") && $0.contains("row skipped because equal") }, lines.joined(separator: "\n"))
        // The view the check names: marked, with its verdict (an opaque AnyView renews it, I1).
        XCTAssertEqual(example.verdicts.map(\.variable), ["row"])
        XCTAssertEqual(example.verdicts.first?.rules, ["I1"])
        XCTAssertEqual(example.verdicts.first?.survives, false)
        XCTAssertEqual(example.verdicts.first?.parentEvaluated, true, "the screen's state was set")
        XCTAssertEqual(example.viewTrees.count, 2)
        XCTAssertEqual(lines.filter { $0.contains("@row") && $0.contains("◀ row") }.count, 1, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("row in render 2: body(@row) evaluated [I1]: new identity; its parent ran; a new identity") },
                      lines.joined(separator: "\n"))
        XCTAssertTrue(DotWriter.dot(example, title: "row_compared_equal").contains("evaluated [I1]"))
    }

    /// `explore --lemma` prints the checker's counterexample with the marks: the enumerated leaves
    /// have no labels, so the ones the paths name get their variables'.
    func testExploreMarksTheCheckersUnlabelledLeaves() throws {
        let loaded = try LemmaExploration.load(paths: [Self.folder.appendingPathComponent("printer.lemma")], filter: "false_set_state_is_lost")
        let (file, item) = try XCTUnwrap(loaded.first)
        let explored = LemmaExploration(bound: Bound(depth: 2, branching: 2)).run(item, file: file)
        guard case .refuted(let example, _, _) = explored.answer else { return XCTFail(explored.text) }
        XCTAssertEqual(example.origin, .checker)
        XCTAssertEqual(example.bound.map(\.label), ["p", "q"])
        XCTAssertTrue(explored.text.contains("@p") && explored.text.contains("◀ p"), explored.text)
        XCTAssertTrue(explored.text.contains("◀ q"), explored.text)
        XCTAssertTrue(explored.text.contains("then set to"), explored.text)
    }

    /// The DOT picture shows the value a `mutate` sets.
    func testDotShowsAMutate() throws {
        let example = try counterexample("false_set_state_is_lost")
        let set = try XCTUnwrap(example.bound.first { $0.variable == "p" }?.set)
        let dot = DotWriter.dot(example, title: "false_set_state_is_lost")
        XCTAssertTrue(dot.contains("then set to \(set)"), dot)
    }

    /// The JSON report gives each named view's verdict per transition, and validates against
    /// docs/report.schema.json with the explanations of invalidation lemmas in it.
    func testJSONGivesTheVerdictsAndValidates() throws {
        let data = try JSONReport.data(Self.explained)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        let chain = try XCTUnwrap(entries.first { $0["name"] as? String == "false_child_skipped_in_both" })
        let verdicts = try XCTUnwrap((chain["counterexample"] as? [String: Any])?["verdicts"] as? [[String: Any]])
        XCTAssertEqual(verdicts.map { $0["variable"] as? String }, ["p", "p", "q", "q"])
        XCTAssertEqual(verdicts.map { $0["renderName"] as? String }, ["b", "c", "b", "c"])
        XCTAssertTrue(verdicts.contains { $0["rules"] as? [String] == ["I8"] && $0["evaluated"] as? Bool == true })
        XCTAssertEqual((chain["explanation"] as? [String: Any])?["kind"] as? String, "refutation")
        let file = TemporaryFolder.path("printer.json")
        defer { try? FileManager.default.removeItem(at: file) }
        try data.write(to: file)
        let schema = Repository.root.appendingPathComponent("docs/report.schema.json").path
        let check = """
            import json, sys, jsonschema
            jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            """
        let (status, output) = try ExternalTool.run("python3", ["-c", check, schema, file.path])
        XCTAssertEqual(status, 0, output)
    }
}
