import Foundation
import LemmaLanguage
import TestSupport
import XCTest

@testable import Encoding
@testable import Prover
@testable import Reports

/// Unknown and error reasons are typed until the report writers: each code comes from some input,
/// and the JSON and SARIF reports carry it. Tests here assert codes, never sentences.
final class ReasonCodeTests: XCTestCase {
    /// A lemma that holds, which Z3 needs more than one resource unit or one millisecond to prove.
    private static let holds = LemmaText.lemma(
        "modifier_argument_keeps_identity", source: "R2", expect: "holds",
        assume: [
            "sameView(p, q)", LemmaText.sameKeysIdsAndReads("p", "q"), "exists i in p: p[i].kind == .modified && p[i].value != q[i].value",
        ], show: "survives(p, q)")

    private func run(_ files: [String: String], _ configure: (inout VerifierOptions) -> Void = { _ in }) throws -> RunReport {
        var options = VerifierOptions()
        configure(&options)
        return Verifier(options: options).run(paths: [try Repository.temporaryFolder(files)])
    }

    private func only(_ report: RunReport) throws -> LemmaReport {
        XCTAssertEqual(report.lemmas.count, 1, "\(report.lemmas.map(\.name))")
        return try XCTUnwrap(report.lemmas.first)
    }

    func testOneResourceUnitIsTheResourceLimit() throws {
        let lemma = try only(try run(["l.lemma": Self.holds]) { $0.resourceLimit = 1 })
        XCTAssertEqual(lemma.verdict, .unknown, lemma.message)
        XCTAssertEqual(lemma.outcome.reasonCode, "resource-limit", "\(lemma.outcome)")
    }

    func testAMillisecondIsTheTimeLimit() throws {
        let lemma = try only(try run(["l.lemma": Self.holds]) { $0.timeoutSeconds = 0.001 })
        XCTAssertEqual(lemma.verdict, .unknown, lemma.message)
        XCTAssertEqual(lemma.outcome.reasonCode, "time-limit", "\(lemma.outcome)")
    }

    func testAnItemTheRunDidNotReachIsInterrupted() throws {
        let folder = try Repository.temporaryFolder(["l.lemma": Self.holds])
        let loaded = LemmaLoader().load(directory: folder)
        let lemma = try XCTUnwrap(loaded.files.first?.lemmas.first)
        let report = Verifier(options: VerifierOptions()).interrupted(.lemma(lemma, file: "l.lemma"))
        XCTAssertEqual(report.verdict, .unknown)
        XCTAssertEqual(report.outcome.reasonCode, "interrupted")
    }

    func testAnIllFormedItemIsIllFormed() throws {
        let lemma = try only(try run(["l.lemma": "lemma broken {\n  source R2; rules runtime; expect holds\n  show nonsense(\n}\n"]))
        XCTAssertEqual(lemma.verdict, .error)
        XCTAssertEqual(lemma.outcome.reasonCode, "ill-formed")
    }

    /// A scenario whose render is undefined behaviour it does not check for cannot run.
    func testAnUncheckedUndefinedRenderIsUndefinedBehaviour() throws {
        let scenario = try only(try run(["s.lemma": """
            scenario S {
              summary "s"; source R8; rules runtime; expect holds
              render { ForEach([1, 1], id: \\.self) { Counter(state: 0) @row } }
              check row[1] survives
            }
            """]))
        XCTAssertEqual(scenario.verdict, .error, scenario.message)
        XCTAssertEqual(scenario.outcome.reasonCode, "undefined-behaviour")
    }

    /// A proof that needs a witness and has none: the code says so, whatever Z3 answered.
    func testNoWitnessIsNoWitness() {
        var report = LemmaReport(
            name: "l", kind: .lemma, file: "l.lemma", line: 1, column: 1, summary: nil, sources: [], rules: "runtime",
            expected: .holds, outcome: .proved(.unbounded), seconds: 0, message: "m")
        let stopped = SolverResult(answer: .unknown(.solver(.resourceLimit(units: 1, z3: "canceled"))), seconds: 0)
        WitnessSearch.record(nil, solver: stopped, unbounded: true, vacuity: "v", thing: "tree", into: &report)
        XCTAssertEqual(report.outcome.reasonCode, "no-witness")
        // Z3's unsat is vacuity only when it carries to every tree.
        report.outcome = .proved(.unbounded)
        WitnessSearch.record(nil, solver: SolverResult(answer: .proved, seconds: 0), unbounded: false, vacuity: "v", thing: "tree", into: &report)
        XCTAssertEqual(report.outcome.reasonCode, "no-witness")
    }

    /// The JSON report has a code (and words) for each unknown and error, and `null` for the rest;
    /// SARIF carries the code on the result, JUnit in the failure's message.
    func testReportsCarryTheCode() throws {
        let report = try run(["l.lemma": Self.holds, "m.lemma": "lemma broken {\n  show (\n}\n"]) { $0.resourceLimit = 1 }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONReport.data(report)) as? [String: Any])
        let entries = try XCTUnwrap(json["lemmas"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as? String ?? "", $0) })
        XCTAssertEqual(byName["modifier_argument_keeps_identity"]?["reasonCode"] as? String, "resource-limit")
        XCTAssertNotNil(byName["modifier_argument_keeps_identity"]?["reasonDetail"] as? String)
        XCTAssertEqual(byName["broken"]?["reasonCode"] as? String, "ill-formed")
        let golden = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONReport.data(report, includeTimes: false)) as? [String: Any])
        for entry in try XCTUnwrap(golden["lemmas"] as? [[String: Any]]) {
            XCTAssertTrue(entry["reasonDetail"] is NSNull, "golden files leave the words out, like the message")
        }

        let proved = try run(["l.lemma": Self.holds])
        let provedEntry = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: try JSONReport.data(proved)) as? [String: Any])?["lemmas"] as? [[String: Any]]).first
        XCTAssertEqual(provedEntry?["verdict"] as? String, "proved")
        XCTAssertTrue(provedEntry?["reasonCode"] is NSNull, "\(String(describing: provedEntry))")

        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: try SARIFReport.data(report, toolVersion: "t")) as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let codes = results.compactMap { ($0["properties"] as? [String: Any])?["reasonCode"] as? String }
        XCTAssertEqual(Set(codes), ["resource-limit", "ill-formed"], "\(results)")

        let junit = JUnitReport.xml(report)
        XCTAssertTrue(junit.contains(#"message="unknown (resource-limit), expected proved""#), junit)
        XCTAssertTrue(junit.contains(#"message="error (ill-formed), no expectation""#), "broken writes no expect: \(junit)")
    }

    /// One value of every reason: each code is listed in the JSON schema, and distinct reasons
    /// (other than a solver stop in another place) have distinct codes.
    func testEveryCodeIsInTheSchema() throws {
        let stops: [SolverStop] = [
            .resourceLimit(units: 1, z3: "canceled"), .timeLimit(milliseconds: 1, z3: "timeout"), .interrupted, .backstop,
            .incomplete(z3: "(incomplete quantifiers)"),
        ]
        let unknowns: [UnknownReason] = stops.map { .solver($0) } + [
            .undecodable("d"), .noReplay(tried: 2, last: nil), .revivedOnly(views: [UnknownReason.RevivedView(path: "p", render: "after")]),
            .noUnboundedProof(proof: .paths, shortfall: .outsideFragment("f")),
            .noUnboundedProof(proof: .views, shortfall: .obligations(.notRun(.locality))), .solverInapplicable("s"),
            .checkerInapplicable(solver: .solverInapplicable("s"), why: "w"), .noWitness(thing: "tree", solver: nil),
            .checkerExhausted(solver: .solverInapplicable("s"), stop: .caseLimit(limit: 9)),
            .checkerExhausted(solver: .solver(.backstop), stop: .timeLimit(seconds: 1, examined: 3)),
            .usedLemmaNotProved(name: "u", verdict: .refuted), .usedLemmaNotProved(name: "u", verdict: nil),
        ]
        let errors: [ErrorReason] = [
            .illFormed, .routesDisagree, .replayContradicts("r"), .solverFailure("f"), .undefinedBehaviour(location: "l", what: "w"),
            .unknownLabel(location: "l", label: "x"), .unrealizableRender(location: "l", render: 2, why: "w"), .revivedState(location: "l", render: 3, label: "c"),
            .sharedStateObject(location: "l", render: 2, holders: ["a.store", "b.store"], object: 1),
            .changedEnvironmentObject(location: "l", render: 2, label: "cart", type: "Store", before: 1, after: 2), .internalError("i"),
        ]
        let codes = unknowns.map(\.code) + errors.map(\.code)
        XCTAssertEqual(Set(codes).count, codes.count, "\(codes)")
        XCTAssertEqual(UnknownReason.solverOnShortPathsToo(full: .backstop, steps: 4, short: .interrupted).code, "backstop")
        XCTAssertEqual(UnknownReason.groundUnanswered(location: "l", render: 1, stop: .timeLimit(milliseconds: 1, z3: "timeout")).code, "time-limit")

        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.root.appendingPathComponent("docs/report.schema.json")))
        let entry = ((schema as? [String: Any])?["$defs"] as? [String: Any])?["entry"] as? [String: Any]
        let reasonCode = (entry?["properties"] as? [String: Any])?["reasonCode"] as? [String: Any]
        let listed = try XCTUnwrap((reasonCode?["oneOf"] as? [[String: Any]])?.compactMap { $0["enum"] as? [String] }.first)
        XCTAssertEqual(Set(listed), Set(codes), "docs/report.schema.json lists exactly the codes")
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for code in codes { XCTAssertTrue(readme.contains("`\(code)`"), "\(code) is not in README.md's reason codes") }
    }
}
