import Foundation
import IdentityModel
import LemmaLanguage
import LemmaLogic
import TestSupport
import XCTest

@testable import Encoding
@testable import Prover
@testable import Reports

/// `--explain` end to end through the verifier: a proof's core (the assumption it needs and the
/// one it does not, the rule it rests on), what a refutation leans on, where explain does not
/// apply, a budget too small for any core, and the human block as a golden.
final class ExplainTests: XCTestCase {
    private static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Four lemmas and a scenario, each line of them where the tests expect it.
    static let fixture = """
        lemma needs_the_first_of_two {
          source R4; rules runtime; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .conditional && q[i].kind == .conditional && p[i].arm != q[i].arm && i == 0
          assume p.state == 3
          show elem(p, 0) != elem(q, 0)
        }

        lemma documented_anyview_resets {
          source R5; rules documented; expect holds
          forall p: path in before, q: path in after
          assume exists i in p: p[i].kind == .anyView
          show resets(p, q)
        }

        lemma leans_on_the_first {
          source "explain fixture"; rules runtime; expect refuted
          forall p: path in before, q: path in after
          assume p.state == 3
          assume q.initial == 4
          show p.state != 3
        }

        lemma no_assumptions {
          source "explain fixture"; rules runtime; expect refuted
          forall p: path in before, q: path in after
          show survives(p, q)
        }

        scenario a_scenario {
          source R2; rules runtime; expect holds
          render { VStack { Counter(state: 0) @c } }
          render { VStack { Counter(state: 0) @c } }
          check c survives
        }
        """

    private static let folder = try! Repository.temporaryFolder(["explain.lemma": fixture])
    private static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/report.schema.json").path
    private static let explained: RunReport = run(explains: true)

    private static func run(explains: Bool, resourceLimit: Int? = nil) -> RunReport {
        var options = VerifierOptions()
        options.explains = explains
        options.checkerBound = Bound(depth: 2, branching: 2)
        if let resourceLimit { options.resourceLimit = resourceLimit }
        return Verifier(options: options).run(paths: [folder])
    }

    /// Explain as the verifier runs it: each variant of a lemma judged with `reduction`.
    static func explainer(resourceLimit: Int? = nil, reduction: ReductionStatus?) -> Explainer {
        var options = VerifierOptions()
        options.checkerBound = Bound(depth: 2, branching: 2)
        if let resourceLimit { options.resourceLimit = resourceLimit }
        let verifier = Verifier(options: options)
        return Explainer(budget: options.budget) { verifier.outcome(ofVariant: $0, reduction: reduction) }
    }

    private func lemma(_ name: String, in report: RunReport = explained) throws -> LemmaReport {
        try XCTUnwrap(report.lemmas.first { $0.name == name }, "no report for \(name)")
    }

    private func proof(_ name: String) throws -> ProofExplanation {
        let report = try lemma(name)
        guard case .proof(let proof)? = report.explanation else {
            XCTFail("\(name): not a proof's explanation: \(String(describing: report.explanation)); \(report.message)")
            throw CancellationError()
        }
        return proof
    }

    func testTheRunIsAsExpectedWithAndWithoutExplain() throws {
        XCTAssertEqual(Self.explained.exitCode, 0, HumanReport.text(Self.explained))
        let plain = Self.run(explains: false)
        XCTAssertEqual(plain.lemmas.map(\.verdict), Self.explained.lemmas.map(\.verdict))
        XCTAssertTrue(plain.lemmas.allSatisfy { $0.explanation == nil })
    }

    /// The proof needs assumption 1 and R4; assumption 2 (`p.state == 3`) is reported unneeded, at its line.
    func testProofCoreListsTheNeededAssumptionAndNotTheOther() throws {
        let proof = try proof("needs_the_first_of_two")
        XCTAssertEqual(proof.scope, "unbounded")
        let items = proof.core.map(\.item)
        XCTAssertTrue(items.contains(.assumption(0)), "\(items)")
        XCTAssertFalse(items.contains(.assumption(1)), "\(items)")
        XCTAssertTrue(items.contains(.element(.conditional)), "\(items)")
        XCTAssertTrue(items.contains(.conclusion), "\(items)")
        XCTAssertEqual(proof.rules, ["R4"])
        XCTAssertEqual(proof.unneededAssumptions.map(\.number), [2])
        XCTAssertEqual(proof.unneededAssumptions.first.map { "\($0.line):\($0.column)" }, "5:10")
        XCTAssertEqual(proof.core.first?.assumption.map { "\($0.line):\($0.column)" }, "4:10")
        // The rules specific to the core: the conditional's step cases, not the tuple's.
        XCTAssertTrue(proof.obligations.contains("locality.conditional"), "\(proof.obligations)")
        XCTAssertTrue(proof.obligations.contains("locality.base"), "\(proof.obligations)")
        XCTAssertFalse(proof.obligations.contains("locality.tuple"), "\(proof.obligations)")
        XCTAssertGreaterThan(proof.allObligations, proof.obligations.count)
    }

    /// Under `documented` AnyView is fresh in every render: the proof rests on R5.
    func testProofFromARuleNamesTheRule() throws {
        let proof = try proof("documented_anyview_resets")
        XCTAssertTrue(proof.core.map(\.item).contains(.element(.anyView)), "\(proof.core.map(\.item))")
        XCTAssertTrue(proof.rules.contains("R5"), "\(proof.rules)")
        let text = try XCTUnwrap(proof.core.first { $0.item == .element(.anyView) }?.text)
        XCTAssertTrue(text.contains("fresh in every render (documented)"), text)
    }

    /// `p.state == 3` is needed (no counterexample has it false); `q.initial == 4` is not, and the
    /// counterexample with it false was replayed: it violates the lemma with that assumption negated.
    func testRefutationSaysWhichAssumptionItLeansOn() throws {
        let report = try lemma("leans_on_the_first")
        XCTAssertEqual(report.verdict, .refuted)
        guard case .refutation(let refutation)? = report.explanation else {
            return XCTFail("\(String(describing: report.explanation))")
        }
        XCTAssertEqual(refutation.entries.map(\.assumption.number), [1, 2])
        guard case .needed = refutation.entries[0].dependence else { return XCTFail("\(refutation.entries[0].dependence)") }
        guard case .notNeeded(let counterexample) = refutation.entries[1].dependence else {
            return XCTFail("\(refutation.entries[1].dependence)")
        }
        let q = try XCTUnwrap(counterexample.bound.first { $0.variable == "q" })
        XCTAssertNotEqual(q.initialValue, 4, "the counterexample must have q.initial != 4")
        let p = try XCTUnwrap(counterexample.bound.first { $0.variable == "p" })
        XCTAssertEqual(p.state, 3)
    }

    /// Issue 22's two reports. An `exists q` assumption is lowered to one more path, whose
    /// structure stays in the query when the assumption's item is left out, so the core leaves the
    /// assumption out; without it the lemma as written is false (`if true { Counter }`, then
    /// `if false { Counter }`), and explain must say it is needed, with that counterexample. And a
    /// refutation's question negates the assumption as written: `!exists q` is outside the
    /// language (E060), so the answer is unknown, not a counterexample on which the assumption holds.
    func testExplainJudgesTheLemmaAsWritten() throws {
        let folder = try Repository.temporaryFolder(["written.lemma": """
            lemma explain_exists_view_is_needed {
              summary "x"; source R3; rules runtime; expect holds
              forall p: path in before
              assume p.length == 1 && p[0].kind == .optional
              assume exists q: path in after: q.length >= 0
              show rendered(p, after)
            }

            lemma explain_refutation_negates_as_written {
              summary "x"; source R3; rules runtime; expect refuted
              forall p: path in before
              assume exists q: path in after: survives(p, q) && q.length >= 0
              show !rendered(p, after)
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.explains = true
        options.checkerBound = Bound(depth: 2, branching: 2)
        let report = Verifier(options: options).run(paths: [folder])
        XCTAssertEqual(report.exitCode, 0, HumanReport.text(report))
        let proved = try XCTUnwrap(report.lemmas.first { $0.name == "explain_exists_view_is_needed" })
        guard case .proof(let proof)? = proved.explanation else { return XCTFail("\(String(describing: proved.explanation))") }
        XCTAssertTrue(proof.unneededAssumptions.isEmpty, "\(proof.unneededAssumptions)")
        let omission = try XCTUnwrap(proof.omitted.first { $0.assumption.number == 2 }, "the core leaves assumption 2 out")
        guard case .needed(let counterexample) = omission.finding else { return XCTFail("\(omission.finding)") }
        XCTAssertEqual(counterexample.renders.count, 2)
        let text = ExplanationText.lines(try XCTUnwrap(proved.explanation)).joined(separator: "\n")
        XCTAssertFalse(text.contains("does not need"), text)
        XCTAssertTrue(text.contains("needs assumption 2"), text)

        let refuted = try XCTUnwrap(report.lemmas.first { $0.name == "explain_refutation_negates_as_written" })
        guard case .refutation(let refutation)? = refuted.explanation else { return XCTFail("\(String(describing: refuted.explanation))") }
        XCTAssertEqual(refutation.entries.count, 1)
        guard case .unknown(.negationOutsideLanguage(let diagnostic)) = refutation.entries[0].dependence else {
            return XCTFail("a claim about `!exists q`, which the language cannot lower: \(refutation.entries[0].dependence)")
        }
        XCTAssertEqual(diagnostic.id, .pathQuantifierOutsideFragment)
        XCTAssertEqual([diagnostic.location.line, diagnostic.location.column], [12, 10])

        // The JSON of both: a `needed` omission with its counterexample, an `unknown` dependence.
        let file = TemporaryFolder.path("written.json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONReport.data(report).write(to: file)
        let check = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            report = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator(schema).validate(report)
            byName = {e["name"]: e["explanation"] for e in report["lemmas"]}
            omitted = byName["explain_exists_view_is_needed"]["omittedAssumptions"]
            assert [(o["assumption"]["number"], o["finding"]) for o in omitted] == [(2, "needed")], omitted
            assert omitted[0]["counterexample"] is not None
            assert byName["explain_exists_view_is_needed"]["unneededAssumptions"] == []
            dependence = byName["explain_refutation_negates_as_written"]["assumptions"][0]
            assert (dependence["dependence"], dependence["reasonCode"]) == ("unknown", "negation-outside-language"), dependence
            """
        let (status, output) = try ExternalTool.run("python3", ["-c", check, Self.schema, file.path])
        XCTAssertEqual(status, 0, output)
    }

    func testExplainSaysWhenItDoesNotApply() throws {
        guard case .notApplicable(let why)? = try lemma("a_scenario").explanation else { return XCTFail("a scenario") }
        XCTAssertEqual(why, .scenario)
        guard case .refutation(let none)? = try lemma("no_assumptions").explanation else { return XCTFail("no assumptions") }
        XCTAssertTrue(none.entries.isEmpty)
    }

    /// An invalidation lemma's query has no core to show: explain judges the lemma as written
    /// without each assumption (both invalidation routes, the locality obligations), says which it
    /// needs, with the replayed counterexample, and which it does not, and names the locality
    /// obligations the proof rests on.
    func testExplainOfAnInvalidationProofJudgesEachAssumptionLeftOut() throws {
        let folder = try Repository.temporaryFolder(["inval.lemma": """
            lemma new_identity_runs {
              source I1; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !rendered(p, before) && !revived(p, after)
              assume p.props >= 0
              show evaluated(p, after)
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = VerifierOptions()
        options.explains = true
        let report = try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
        XCTAssertEqual(report.verdict, .proved, report.message)
        guard case .invalidationProof(let proof)? = report.explanation else { return XCTFail("\(String(describing: report.explanation))") }
        XCTAssertEqual(proof.omitted.map(\.assumption.line), [4, 5])
        XCTAssertEqual(proof.omitted.map(\.assumption.text), ["((!rendered(p, before)) && (!revived(p, after)))", "(p.props >= 0)"])
        guard case .needed(let counterexample) = proof.omitted[0].finding else { return XCTFail("\(proof.omitted[0].finding)") }
        XCTAssertFalse(counterexample.verdicts.isEmpty)
        XCTAssertTrue(counterexample.verdicts.allSatisfy { !$0.evaluated }, "\(counterexample.verdicts)")
        let variant = try XCTUnwrap(LemmaLoader().load(directory: folder).lemmas.first).withoutAssumptions([0])
        XCTAssertNil(WrittenFormulaCheck.notACounterexample(counterexample, of: variant, rules: .runtime))
        guard case .notNeeded(.unbounded) = proof.omitted[1].finding else { return XCTFail("\(proof.omitted[1].finding)") }
        XCTAssertEqual(proof.unneededAssumptions.map(\.number), [2])
        XCTAssertTrue(proof.obligations.contains("invalidation.siblings"), "\(proof.obligations)")
        let text = ExplanationText.lines(.invalidationProof(proof)).joined(separator: "\n")
        XCTAssertTrue(text.contains("needs assumption 1") && text.contains("does not need assumption 2"), text)
        XCTAssertTrue(text.contains("◀ p"), text)
    }

    /// Leaving out the only assumption that names objects leaves a lemma that names none, so their
    /// sends are part of `signalled` there (as the checker makes of the text): explain judges that
    /// lemma, not one that still has the objects and lets their sends run the view (the slow tier's
    /// whole-set check of every explain claim caught it on `inval_object_send_of_another_object_skips`).
    func testLeavingOutTheAssumptionThatNamesTheObjectsJudgesTheLemmaWithoutThem() throws {
        let folder = try Repository.temporaryFolder(["inval.lemma": """
            lemma another_objects_send_skips {
              source I11; rules runtime; invalidation runtime; expect holds
              forall p: path in after
              assume !observesObject(p, n) && !findsObject(p, n) && objectSent(n, after)
              assume rendered(p, before) && !parentEvaluated(p, after) && !stateRead(p, after) && !signalled(p, after)
              show !evaluated(p, after)
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lemma = try XCTUnwrap(LemmaLoader().load(directory: folder).lemmas.first)
        guard case .invalidation(let written) = lemma.statement, case .invalidation(let variant) = lemma.withoutAssumptions([0]).statement
        else { return XCTFail("\(lemma.statement)") }
        XCTAssertEqual(written.objects, ["n"])
        XCTAssertEqual(variant.objects, [], "the variant's text names no object")
        var options = VerifierOptions()
        options.explains = true
        let report = try XCTUnwrap(Verifier(options: options).run(paths: [folder]).lemmas.first)
        XCTAssertEqual(report.verdict, .proved, report.message)
        guard case .invalidationProof(let proof)? = report.explanation else { return XCTFail("\(String(describing: report.explanation))") }
        guard case .notNeeded = proof.omitted[0].finding else { return XCTFail("\(proof.omitted[0].finding)") }
        guard case .needed = proof.omitted[1].finding else { return XCTFail("\(proof.omitted[1].finding)") }
    }

    /// A budget of one resource unit: the verdicts are unknown and explain does not apply; asked
    /// directly for a proved lemma's core under that budget, explain answers unknown, never a core.
    func testTinyResourceLimitNeverGivesACore() throws {
        let starved = Self.run(explains: true, resourceLimit: 1)
        for report in starved.lemmas {
            if case .proof? = report.explanation { XCTFail("\(report.name): a core under a budget of one unit") }
        }
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "explain.lemma", text: Self.fixture)])
        let lemma = try XCTUnwrap(loaded.lemmas.first { $0.name == "needs_the_first_of_two" })
        let spec = try XCTUnwrap(LemmaCompiler.compile(lemma, rules: .runtime))
        let runtime = Self.explained.reductions.first { $0.rules.name == "runtime" }
        let explanation = Self.explainer(resourceLimit: 1, reduction: nil)
            .explain(lemma, spec: spec, file: "explain.lemma", outcome: .proved(.unbounded), reduction: nil)
        guard case .unknown(let reason) = explanation else { return XCTFail("\(explanation)") }
        XCTAssertEqual(reason.code, "resource-limit", ReasonText.sentence(reason))
        // A refutation's question per assumption under that budget: finding a counterexample with
        // `q.initial == 4` false needs a search Z3 cannot make, so it is unknown unless the
        // explicit-state checker (no Z3 budget) found one on trees; `p.state == 3` false against
        // `p.state != 3` false is a contradiction Z3's preprocessing finds without spending a unit,
        // so that one may still come out needed (an unsat Z3 did answer, not a guess).
        let refuted = try XCTUnwrap(loaded.lemmas.first { $0.name == "leans_on_the_first" })
        let refutedSpec = try XCTUnwrap(LemmaCompiler.compile(refuted, rules: .runtime))
        let leaning = Self.explainer(resourceLimit: 1, reduction: runtime).explain(
            refuted, spec: refutedSpec, file: "explain.lemma", outcome: .refuted(try XCTUnwrap(Self.explained.lemmas.first { $0.name == "leans_on_the_first" }?.counterexample)),
            reduction: runtime)
        guard case .refutation(let entries) = leaning else { return XCTFail("\(leaning)") }
        XCTAssertEqual(entries.entries.count, 2)
        if case .notNeeded = entries.entries[0].dependence { XCTFail("assumption 1 is needed") }
        switch entries.entries[1].dependence {
        case .unknown: break
        case .notNeeded(let counterexample): XCTAssertEqual(counterexample.origin, .checker, "z3 had one resource unit")
        case .needed: XCTFail("assumption 2 is not needed")
        }
    }

    /// A bounded proof is explained within its scope: every path at most that many steps, no obligations.
    func testBoundedProofIsExplainedWithinItsScope() throws {
        let loaded = LemmaLoader().load(sources: [SourceFile(path: "explain.lemma", text: Self.fixture)])
        let lemma = try XCTUnwrap(loaded.lemmas.first { $0.name == "needs_the_first_of_two" })
        let spec = try XCTUnwrap(LemmaCompiler.compile(lemma, rules: .runtime))
        let runtime = Self.explained.reductions.first { $0.rules.name == "runtime" }
        let explanation = Self.explainer(reduction: runtime).explain(
            lemma, spec: spec, file: "explain.lemma", outcome: .proved(.bounded(.pathLength(steps: 3))), reduction: nil)
        guard case .proof(let proof) = explanation else { return XCTFail("\(explanation)") }
        XCTAssertEqual(proof.scope, "paths of at most 3 steps")
        XCTAssertTrue(proof.obligations.isEmpty)
        XCTAssertEqual(proof.unneededAssumptions.map(\.number), [2])
        XCTAssertFalse(ExplanationText.lines(explanation).joined().contains("reduction obligations"))
    }

    /// The human block under each verdict (costs left out: they vary with Z3's search).
    func testHumanOutputMatchesItsGolden() throws {
        var text = ""
        for report in Self.explained.lemmas {
            text += "\(report.verdict.rawValue) \(report.name)\n"
            text += ExplanationText.lines(try XCTUnwrap(report.explanation), includeCosts: false).map { "    " + $0 + "\n" }.joined()
        }
        text = text.replacingOccurrences(of: Self.folder.path + "/", with: "")
        try Golden.assertMatches(text, golden: Self.goldenFolder.appendingPathComponent("explain.txt"), "the --explain block")
    }

    /// Every claim explain makes about an assumption, over the whole shipped set, re-checked from
    /// the source text: the lemma with the assumption written as `true` (a proof's "does not need"
    /// and "needs") or as `!(A)` (a refutation's "needed" and "not needed"), loaded, checked and
    /// lowered like any file and run by the ordinary verifier, without explain. Explain's own
    /// variants are built from the checked lemma; these are built from the text, so a lowering
    /// that drops something the text says (issue 22: a path an `exists q` introduced) disagrees.
    func testEveryExplainClaimOverTheShippedSetHoldsOfTheWrittenLemma() throws {
        try SlowTier.require()
        var options = VerifierOptions()
        options.explains = true
        options.checkerBound = Bound(depth: 1, branching: 1)
        let report = Verifier(options: options).run(paths: [LemmaSet.folder])
        let loaded = LemmaLoader().load(files: LemmaSet.files)
        var variants: [(name: String, claim: String, verdicts: Set<Verdict>, scope: Scope?)] = []
        var text = ""
        var undecided = 0
        var invalidationClaims = 0
        // The variants file also needs what the edited lemmas refer to: the predicates of the set,
        // and the lemmas they `use` (each once, as written).
        var referred: [String: String] = [:]
        func sourceText(_ range: SourceRange) throws -> String {
            let source = try Data(contentsOf: URL(fileURLWithPath: range.start.file))
            return String(decoding: source[range.start.offset..<range.end.offset], as: UTF8.self)
        }
        for url in LemmaSet.files {
            let parsed = Parser.parse(SourceFile(path: url.path, text: try String(contentsOf: url, encoding: .utf8))).file
            for predicate in parsed.predicates { referred["predicate \(predicate.name.value)"] = try sourceText(predicate.range) }
        }
        func add(_ lemma: CheckedLemma, _ number: Int, written: (String) -> String, claim: String, verdicts: Set<Verdict>, scope: Scope? = nil) throws {
            for used in lemma.uses {
                let usedLemma = try XCTUnwrap(loaded.lemmas.first { $0.name == used }, "\(lemma.name) uses \(used)")
                referred["lemma \(used)"] = try sourceText(usedLemma.range)
            }
            let source = try Data(contentsOf: URL(fileURLWithPath: lemma.range.start.file))
            let item = source[lemma.range.start.offset..<lemma.range.end.offset]
            let formula = try XCTUnwrap(
                lemma.identity?.assumptions[number - 1].range ?? lemma.invalidation?.writtenAssumptions[number - 1].range)
            let (from, to) = (formula.start.offset - lemma.range.start.offset, formula.end.offset - lemma.range.start.offset)
            let original = String(decoding: item.dropFirst(from).prefix(to - from), as: UTF8.self)
            let name = "\(lemma.name)__variant\(variants.count)"
            var edited = String(decoding: item.prefix(from), as: UTF8.self) + written(original)
                + String(decoding: item.dropFirst(to), as: UTF8.self)
            edited = edited.replacingOccurrences(of: "lemma \(lemma.name) ", with: "lemma \(name) ")
            text += edited + "\n\n"
            variants.append((name, "\(lemma.name), assumption \(number): \(claim)", verdicts, scope))
        }
        for entry in report.lemmas {
            guard let lemma = loaded.lemmas.first(where: { $0.name == entry.name }) else { continue }
            let omitted: [ProofExplanation.Omission]
            switch entry.explanation {
            case .proof(let proof)?: omitted = proof.omitted
            case .invalidationProof(let proof)?: omitted = proof.omitted
            default: omitted = []
            }
            if !omitted.isEmpty { invalidationClaims += lemma.invalidation == nil ? 0 : omitted.count }
            switch entry.explanation {
            case .proof?, .invalidationProof?:
                for omission in omitted {
                    switch omission.finding {
                    case .notNeeded(let scope):
                        try add(lemma, omission.assumption.number, written: { _ in "true" }, claim: "not needed", verdicts: [.proved], scope: scope)
                    case .needed:
                        try add(lemma, omission.assumption.number, written: { _ in "true" }, claim: "needed", verdicts: [.refuted])
                    case .unknown: undecided += 1
                    }
                }
            case .refutation(let refutation)?:
                for entry in refutation.entries {
                    switch entry.dependence {
                    case .needed:
                        // No counterexample has it false: proved, or no trees at all have it false.
                        try add(lemma, entry.assumption.number, written: { "!(\($0))" }, claim: "needed", verdicts: [.proved, .vacuous], scope: .unbounded)
                    case .notNeeded:
                        try add(lemma, entry.assumption.number, written: { "!(\($0))" }, claim: "not needed", verdicts: [.refuted])
                    case .unknown: undecided += 1
                    }
                }
            default: continue
            }
        }
        XCTAssertGreaterThanOrEqual(variants.count, 30, "the shipped set has claims of every kind")
        XCTAssertGreaterThan(invalidationClaims, 0, "the shipped set's invalidation proofs are explained")
        XCTAssertLessThan(undecided, variants.count / 4, "most claims are decided")
        let preamble = referred.sorted { $0.key < $1.key }.map { $0.value + "\n\n" }.joined()
        let folder = try Repository.temporaryFolder(["variants.lemma": preamble + text])
        defer { try? FileManager.default.removeItem(at: folder) }
        var plain = VerifierOptions()
        plain.checkerBound = Bound(depth: 2, branching: 2)
        let rerun = Verifier(options: plain).run(paths: [folder])
        XCTAssertFalse(rerun.hasInputErrors, rerun.diagnostics.joined(separator: "\n"))
        for variant in variants {
            guard let checked = rerun.lemmas.first(where: { $0.name == variant.name }) else {
                XCTFail("\(variant.claim): the variant was not run")
                continue
            }
            XCTAssertTrue(variant.verdicts.contains(checked.verdict), "\(variant.claim), but the lemma as written says \(checked.verdict): \(checked.message)")
            if let scope = variant.scope, checked.verdict == .proved {
                XCTAssertEqual(checked.scope, scope, variant.claim)
            }
        }
        let r3 = try XCTUnwrap(report.lemmas.first { $0.name == "r3_optional_does_not_shift_later_siblings" })
        guard case .proof(let proof)? = r3.explanation else { return XCTFail("r3: \(String(describing: r3.explanation))") }
        XCTAssertTrue(proof.core.map(\.item).contains(.assumption(1)), "\(proof.core.map(\.item))")
    }

    /// Every assertion of every shipped lemma's query is recognised as its item: none is left to
    /// `structure: other axioms`, each assumption, the conclusion and each step kind's rule is
    /// tracked on its own (a new kind of assertion in `query()` fails here until it has an item).
    func testEveryShippedQueryIsCutIntoKnownItems() throws {
        var cut = 0
        for spec in LemmaSet.specs() {
            let session = try SolverSession()
            guard let encoder = try? LemmaEncoder(lemma: spec, context: session.context) else { continue }
            let items = try encoder.explainItems().map(\.0)
            XCTAssertFalse(items.contains(.structure(.other)), "\(spec.name): \(items)")
            XCTAssertEqual(items.filter { if case .assumption = $0 { return true } else { return false } }, spec.assumptions.indices.map(ExplainItem.assumption))
            XCTAssertTrue(items.contains(.conclusion), spec.name)
            for kind in StepKind.allCases { XCTAssertTrue(items.contains(.element(kind)), "\(spec.name): \(kind)") }
            XCTAssertEqual(items.contains(.store), spec.readsStore, spec.name)
            cut += 1
        }
        XCTAssertGreaterThanOrEqual(cut, 40)
    }

    /// The state store's line says what the rule set it ran under does with a removed view: it
    /// once said "lazy containers evict" under every set that retains nothing, evicting or not.
    func testTheStoreLineReadsTheRuleSetItRanUnder() throws {
        func store(_ rules: RuleSet) -> String { Explainer.text(.store, rules: rules, assumptions: []) }
        let retaining = "LazyVStack, LazyHStack retain removed views (R7)"
        XCTAssertTrue(store(.runtime).hasSuffix(retaining), store(.runtime))
        XCTAssertTrue(store(.evicting).hasSuffix("LazyVStack, LazyHStack evict removed views (R9)"), store(.evicting))
        XCTAssertTrue(store(RuleSet.evicting.mutated(.evictionIgnored)).hasSuffix(retaining))
        let none = [
            RuleSet.runtime.mutated(.noRetention), RuleSet.evicting.mutated(.noRetention),
            RuleSet.runtime.copy(name: "noLazy", mutation: nil, lazyRetention: false),
            RuleSet.runtime.copy(name: "noContainers", mutation: nil, retainingContainers: []),
            RuleSet.evicting.copy(name: "evictingNoContainers", mutation: nil, retainingContainers: []),
        ]
        for rules in none {
            XCTAssertTrue(store(rules).hasSuffix("no container retains removed views (R7 under \(rules.name))"), store(rules))
            XCTAssertFalse(store(rules).contains("evict removed"), store(rules))
        }
        let everywhere = RuleSet.runtime.mutated(.retentionIgnoresContainer)
        XCTAssertTrue(store(everywhere).hasSuffix("every container retains removed views (R7 under \(everywhere.name))"), store(everywhere))
        let items = RuleSet.runtime.copy(name: "items", mutation: nil, itemLevelRetention: true)
        XCTAssertTrue(store(items).hasSuffix("LazyVStack, LazyHStack retain removed views (R7, only their own items)"), store(items))
        let file = RuleSetFile.load(Repository.root.appendingPathComponent("docs/examples/list-retains.rules"))
        let listRetains = try XCTUnwrap(file.selection?.identity, "\(file.diagnostics)")
        XCTAssertTrue(store(listRetains).hasSuffix("LazyVStack, LazyHStack, List retain removed views (R7)"), store(listRetains))
    }

    func testJSONWithExplanationsValidatesAgainstTheSchema() throws {
        let data = try JSONReport.data(Self.explained)
        let file = TemporaryFolder.path("explain.json")
        try data.write(to: file)
        let check = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            report = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator(schema).validate(report)
            kinds = sorted(e["explanation"]["kind"] for e in report["lemmas"])
            assert kinds == ["notApplicable", "proof", "proof", "refutation", "refutation"], kinds
            """
        let (status, output) = try ExternalTool.run("python3", ["-c", check, Self.schema, file.path])
        XCTAssertEqual(status, 0, output)
        // Without --explain the key is absent.
        let plain = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(Self.run(explains: false))) as? [String: Any])
        let entries = try XCTUnwrap(plain["lemmas"] as? [[String: Any]])
        XCTAssertTrue(entries.allSatisfy { $0["explanation"] == nil })
    }
}
