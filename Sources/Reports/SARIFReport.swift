import Foundation
import Prover

/// SARIF 2.1.0 for code hosts: one result per lemma or scenario not as expected, at its
/// `file:line:col` (an unknown or an error with its reason's code as the property `reasonCode`, an
/// `--explain` that found no answer with its code as `explainReasonCode`, a scenario that passed
/// though expected refuted with its ground route's code as `groundCheck`, an item whose checker walk
/// its budget stopped with the stop's code as `checkerStop`; an
/// ill-formed item's diagnostics are in its one result's message), one per input diagnostic of no
/// item at its place (rule id = the diagnostic id), and one per surviving mutant, so a pull request
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
        let illFormed = report.lemmas.filter { $0.outcome.reasonCode == ErrorReason.illFormed.code }
        for lemma in report.lemmas where !lemma.asExpected {
            var found = result(
                rule: ruleID(lemma), level: "error", message: relative(message(lemma)),
                file: relative(lemma.file), line: lemma.line, column: lemma.column)
            var properties: [String: Any] = [:]
            if let code = lemma.outcome.reasonCode { properties["reasonCode"] = code }
            if case .unknown(let why)? = lemma.explanation { properties["explainReasonCode"] = why.code }
            if let ground = lemma.groundCheck { properties["groundCheck"] = ground.code }
            if let stop = lemma.checkerStop { properties["checkerStop"] = stop.code }
            if !properties.isEmpty { found["properties"] = properties }
            results.append(found)
        }
        let reported = reportedDiagnostics(illFormed)
        for problem in report.problems where !belongs(problem, to: reported) {
            results.append(result(
                rule: problem.id, level: problem.severity == "warning" ? "warning" : "error", message: relative(problem.message),
                file: problem.file.map(relative), line: problem.line, column: problem.column))
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
    /// starts at a colon, so that `belongs` is one lookup, not a scan of every message (which was
    /// quadratic in the diagnostics of a file).
    private static func reportedDiagnostics(_ illFormed: [LemmaReport]) -> [String: Set<Substring>] {
        var tails: [String: Set<Substring>] = [:]
        for lemma in illFormed {
            for line in lemma.message.split(separator: "\n") {
                for colon in line.indices where line[colon] == ":" { tails[lemma.file, default: []].insert(line[colon...]) }
            }
        }
        return tails
    }

    /// Whether `problem` is one of the diagnostics an ill-formed item's result carries (`reported`).
    private static func belongs(_ problem: InputProblem, to reported: [String: Set<Substring>]) -> Bool {
        guard let file = problem.file, let tails = reported[file], let line = problem.line, let column = problem.column else { return false }
        return tails.contains(Substring(":\(line):\(column): \(problem.severity): \(problem.message) [\(problem.id)]"))
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
