import Foundation
import Prover

/// SARIF 2.1.0 for code hosts: one result per lemma or scenario not as expected, at its
/// `file:line:col` (an unknown or an error with its reason's code as the property `reasonCode`, an
/// `--explain` that found no answer with its code as `explainReasonCode`, a scenario that passed
/// though expected refuted with its ground route's code as `groundCheck`, an item whose checker walk
/// its budget stopped with the stop's code as `checkerStop`, a scenario's failed checks with their
/// codes as `failedChecks`; an ill-formed item's diagnostics are in its one result's message, and
/// their ids and causes in `diagnostics`), one per input diagnostic of no item at its place (rule
/// id = the diagnostic id, its cause, E041's, as `cause`), and one per surviving mutant, so a pull request
/// is annotated on the failing lemma's line. Paths are relative to the folder the run started in
/// (`SRCROOT`), in locations and in messages.
package enum SARIFReport {
    /// The schema the document names (OASIS SARIF 2.1.0, errata 01).
    package static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The rules a result can name: one per verdict that misses an expectation, and the mutant check.
    static let rules: [(id: String, text: String)] = [
        ("lemma-refuted", "A lemma expected to hold has a counterexample (replayed on trees), or a scenario's check failed."),
        ("scenario-refuted-otherwise", "A scenario expected refuted by the checks it names failed other checks, or a check it names passed."),
        ("lemma-proved", "A lemma expected to be refuted was proved."),
        ("lemma-bounded", "A lemma the run requires proved unbounded was proved only for bounded paths."),
        ("lemma-vacuous", "A lemma's assumptions hold of no tree."),
        ("lemma-unknown", "Neither route decided the lemma."),
        ("lemma-error", "The lemma is ill-formed, or an internal check failed."),
        ("mutant-survived", "No lemma or scenario comes out against its expectation under a deliberately broken rule."),
    ]

    /// The SARIF log of `report` from verify-lemmas `toolVersion`, pretty-printed with sorted keys,
    /// with paths under `root` (default: the current folder) relative to it.
    package static func data(_ report: RunReport, toolVersion: String, root: String = FileManager.default.currentDirectoryPath) throws -> Data {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        func relative(_ text: String) -> String { text.replacingOccurrences(of: prefix, with: "") }
        var results: [[String: Any]] = []
        let owners = diagnosticOwners(report.lemmas)
        var stray: [InputProblem] = []
        var carried: [Int: [InputProblem]] = [:]
        for problem in report.problems {
            if let owner = owner(of: problem, in: owners) { carried[owner, default: []].append(problem) } else { stray.append(problem) }
        }
        for (index, lemma) in report.lemmas.enumerated() where !lemma.asExpected {
            var found = result(
                rule: ruleID(lemma), level: "error", message: relative(message(lemma)),
                file: relative(lemma.file), line: lemma.line, column: lemma.column)
            var properties: [String: Any] = [:]
            if let code = lemma.outcome.reasonCode { properties["reasonCode"] = code }
            if case .unknown(let why)? = lemma.explanation { properties["explainReasonCode"] = why.code }
            if let ground = lemma.groundCheck { properties["groundCheck"] = ground.code }
            if let stop = lemma.checkerStop { properties["checkerStop"] = stop.code }
            if !lemma.failedChecks.isEmpty { properties["failedChecks"] = lemma.failedChecks.map(failedCheck) }
            if let problems = carried[index] { properties["diagnostics"] = problems.map(diagnostic) }
            if !properties.isEmpty { found["properties"] = properties }
            results.append(found)
        }
        for problem in stray {
            var found = result(
                rule: problem.id, level: problem.severity == "warning" ? "warning" : "error", message: relative(problem.message),
                file: problem.file.map(relative), line: problem.line, column: problem.column)
            if let cause = problem.cause { found["properties"] = ["cause": cause] }
            results.append(found)
        }
        for mutant in report.mutants ?? [] where mutant.survived {
            results.append(result(
                rule: "mutant-survived", level: "error",
                message: "mutant \(mutant.mutation.name) survived: no lemma or scenario comes out against its expectation",
                file: nil, line: nil, column: nil))
        }
        let diagnosticIDs = Set(report.problems.map(\.id)).sorted()
        let driverRules = rules.map { ["id": $0.id, "shortDescription": ["text": $0.text]] as [String: Any] }
            + diagnosticIDs.map { ["id": $0, "shortDescription": ["text": "Lemma file diagnostic \($0) (Lemmas/README.md)."]] }
        let log: [String: Any] = [
            "$schema": schemaURI,
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "verify-lemmas", "version": toolVersion, "rules": driverRules]],
                "columnKind": "unicodeCodePoints",
                "originalUriBaseIds": ["SRCROOT": ["description": ["text": "The folder verify-lemmas ran in."]]],
                "results": results,
            ]],
        ]
        return try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// The rule a lemma not as expected breaks.
    static func ruleID(_ lemma: LemmaReport) -> String {
        switch lemma.verdict {
        case .proved: return lemma.expected == .refuted ? "lemma-proved" : "lemma-bounded"
        case .refuted: return lemma.expected == .refuted ? "scenario-refuted-otherwise" : "lemma-refuted"
        case .vacuous: return "lemma-vacuous"
        case .unknown: return "lemma-unknown"
        case .error: return "lemma-error"
        }
    }

    /// The diagnostics the ill-formed items' results already carry, per file: every suffix of a line
    /// of their messages (one line per diagnostic, `path:line:col: severity: message [id]`) that
    /// starts at a colon, with the index in `lemmas` of the item whose message it is, so that `owner`
    /// is one lookup, not a scan of every message (which was quadratic in the diagnostics of a file).
    private static func diagnosticOwners(_ lemmas: [LemmaReport]) -> [String: [Substring: Int]] {
        var tails: [String: [Substring: Int]] = [:]
        for (index, lemma) in lemmas.enumerated() where lemma.outcome.reasonCode == ErrorReason.illFormed.code {
            for line in lemma.message.split(separator: "\n") {
                for colon in line.indices where line[colon] == ":" { tails[lemma.file, default: [:]][line[colon...]] = index }
            }
        }
        return tails
    }

    /// The index of the ill-formed item whose result carries `problem` (`owners`), or `nil` for a
    /// diagnostic of no item.
    private static func owner(of problem: InputProblem, in owners: [String: [Substring: Int]]) -> Int? {
        guard let file = problem.file, let tails = owners[file], let line = problem.line, let column = problem.column else { return nil }
        return tails[Substring(":\(line):\(column): \(problem.severity): \(problem.message) [\(problem.id)]")]
    }

    /// A diagnostic an ill-formed item's result carries, as codes: its id, place and cause (E041's).
    private static func diagnostic(_ problem: InputProblem) -> [String: Any] {
        var entry: [String: Any] = ["id": problem.id]
        if let line = problem.line { entry["line"] = line }
        if let column = problem.column { entry["column"] = column }
        if let cause = problem.cause { entry["cause"] = cause }
        return entry
    }

    /// A scenario's failed check as codes: what it found (`FailedCheck.Finding`'s code), the view it is
    /// about, and the check's name and place.
    private static func failedCheck(_ failed: FailedCheck) -> [String: Any] {
        var entry: [String: Any] = ["code": failed.found.code, "check": failed.check, "line": failed.line, "column": failed.column]
        if let name = failed.name { entry["name"] = name }
        if let label = failed.found.label { entry["label"] = label }
        return entry
    }

    private static func message(_ lemma: LemmaReport) -> String {
        var text = "\(lemma.kind.rawValue) \(lemma.name): \(lemma.verdict.rawValue), \(lemma.expectationClause)"
        if case .error(.illFormed, _) = lemma.outcome {
            return text + ": " + lemma.message.split(separator: "\n").joined(separator: "; ")
        }
        if let mismatch = lemma.refutedByMismatch { text += "; " + mismatch }
        if let failure = lemma.counterexample?.failure {
            let name = lemma.counterexample.flatMap { $0.renders.indices.contains(failure.render) ? $0.renders[failure.render].name : nil }
            text += "; goes wrong at render '\(name ?? "\(failure.render)")': \(failure.reason)"
        } else if let first = lemma.message.split(separator: "\n").first {
            text += "; \(first)"
        }
        return text
    }

    private static func result(rule: String, level: String, message: String, file: String?, line: Int?, column: Int?) -> [String: Any] {
        var result: [String: Any] = ["ruleId": rule, "level": level, "message": ["text": message]]
        if let file {
            let artifact: [String: Any] = file.hasPrefix("/") ? ["uri": URL(fileURLWithPath: file).absoluteString] : ["uri": file, "uriBaseId": "SRCROOT"]
            var physical: [String: Any] = ["artifactLocation": artifact]
            if let line { physical["region"] = ["startLine": line, "startColumn": column ?? 1] }
            result["locations"] = [["physicalLocation": physical]]
        }
        return result
    }
}
