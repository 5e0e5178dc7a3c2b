import ArgumentParser
import Foundation
import ModelChecker
import Prover

/// `verify-lemmas merge`: one report from the JSON reports of shards (`--shard i/n`), either the
/// lemma run's `--json` or explore's `--stats-json`. Exit status: the merged run's (lemma runs: the
/// highest; explore: 0 holds, 1 violated), 2 if the reports cannot be merged: they differ in what
/// they ran (options, tool, inputs) or do not cover every shard exactly once.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JSON reports of shards into one (lemma runs' --json or explore's --stats-json).",
        discussion: """
            Lemma reports: the items of all reports in file order (an item in two reports must agree), reductions by \
            rule set, the rules no report exercised, the longest time, the highest exit code; the reports must have \
            the same tool version, Z3, options and input digest (their `coverage`), and their shards must be 1/n to \
            n/n, each once. Explore reports: counts added, the longest wall time, processor seconds added, the \
            shortest counterexample; the same tool, check and bounds, and every shard i/n once.
            """)

    @Argument(help: "The JSON reports.")
    var reports: [String]

    @Option(help: "Write the merged report to this file ('-' for standard output).")
    var output = "-"

    func validate() throws {
        try UsageError.validating {
            guard !reports.isEmpty else { throw UsageError(.noReports, "merge needs at least one report") }
            var plan = OutputPlan()
            plan.file(output, option: "--output")
            plan.inputs = reports.map { OutputPlan.Input(path: $0, role: "a report merged") }
            try plan.validate()
        }
    }

    func run() throws {
        var documents: [[String: Any]] = []
        for path in reports {
            guard let data = FileManager.default.contents(atPath: path),
                let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { throw failure(.notJSON, "\(path): not a JSON report") }
            documents.append(document)
        }
        let (merged, exitCode): (Data, Int32)
        if documents.allSatisfy({ $0["kind"] as? String == "explore" }) {
            (merged, exitCode) = try mergeExplorations()
        } else if documents.allSatisfy({ $0["lemmas"] is [Any] }) {
            (merged, exitCode) = try mergeLemmaRuns(documents)
        } else {
            throw failure(.mixedKinds, "the reports are not all lemma runs (--json) or all explorations (--stats-json)")
        }
        if output == "-" {
            StandardOutput.write(merged + Data("\n".utf8))
        } else {
            try ReportFile.write(merged + Data("\n".utf8), to: output, option: "--output")
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    private func mergeExplorations() throws -> (Data, Int32) {
        var merged: ExploreReport?
        for path in reports {
            let report: ExploreReport
            do {
                report = try JSONDecoder().decode(ExploreReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw failure(.notAnExploreReport, "\(path): not an explore report: \(error)")
            }
            guard report.schemaVersion == ExploreReport.currentSchemaVersion else {
                throw failure(.unsupportedSchema, "\(path): schema version \(report.schemaVersion), this tool reads \(ExploreReport.currentSchemaVersion)")
            }
            if let sofar = merged {
                if let mismatch = sofar.mismatch(with: report) { throw failure(MergeRefusal(code: mismatch.code, detail: "\(path): \(mismatch)")) }
                merged = sofar.merged(with: report)
            } else {
                merged = report
            }
        }
        guard let merged else { throw failure(MergeRefusal(code: RunCoverage.Refusal.noReport.code, detail: "no report")) }
        guard merged.coversEveryShard else { throw failure(.shardsIncomplete, "the shards \(merged.shards.joined(separator: ", ")) are not 1/n to n/n") }
        return (try merged.json(), merged.holds ? 0 : 1)
    }

    /// The exit codes a lemma run's report may carry (README, "Exit status"; docs/report.schema.json).
    static let reportExitCodes: Set<Int> = [0, 1, 2]

    /// A lemma run's `exitCode`, read as a whole number (not `true`, not 1.5).
    private struct ReportedExit: Decodable { var exitCode: Int }

    private func mergeLemmaRuns(_ documents: [[String: Any]]) throws -> (Data, Int32) {
        for (path, document) in zip(reports, documents) {
            let field = document["exitCode"].map { "\($0)" } ?? "missing"
            let data = try? JSONSerialization.data(withJSONObject: ["exitCode": document["exitCode"] ?? NSNull()])
            guard let data, let code = try? JSONDecoder().decode(ReportedExit.self, from: data).exitCode, Self.reportExitCodes.contains(code) else {
                throw failure(.badExitCode, "\(path): exitCode is \(field), not an exit code a lemma run reports (\(Self.reportExitCodes.sorted().map(String.init).joined(separator: ", ")))")
            }
        }
        var merged = documents[0]
        for key in ["schemaVersion", "z3Version", "ruleSet"] {
            for (path, document) in zip(reports, documents).dropFirst() where "\(document[key] ?? "null")" != "\(merged[key] ?? "null")" {
                throw failure(.reportFieldDiffers, "\(path): \(key) is \(document[key] ?? "null"), but \(merged[key] ?? "null") in \(reports[0])")
            }
        }
        var coverages: [(file: String, coverage: RunCoverage)] = []
        for (path, document) in zip(reports, documents) {
            guard let field = document["coverage"], JSONSerialization.isValidJSONObject(field) else {
                throw failure(.noCoverage, "\(path): no coverage object: the report does not say which shard, options and inputs it ran (an older verify-lemmas?)")
            }
            do {
                let data = try JSONSerialization.data(withJSONObject: field)
                coverages.append((path, try JSONDecoder().decode(RunCoverage.self, from: data)))
            } catch {
                throw failure(.unreadableCoverage, "\(path): coverage is not readable: \(error)")
            }
        }
        if let refusal = RunCoverage.refusal(coverages) { throw failure(MergeRefusal(code: refusal.code, detail: refusal.description)) }
        if let whole = RunCoverage.merged(coverages.map(\.coverage)) {
            merged["coverage"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(whole))
        }
        var lemmas: [String: [String: Any]] = [:]
        for document in documents {
            for case let lemma as [String: Any] in document["lemmas"] as? [Any] ?? [] {
                let key = "\(lemma["file"] ?? ""):\(lemma["line"] ?? 0):\(lemma["name"] ?? "")"
                if let known = lemmas[key], known["verdict"] as? String != lemma["verdict"] as? String {
                    throw failure(.verdictsDiffer, "\(key) appears twice with different verdicts")
                }
                lemmas[key] = lemma
            }
        }
        let ordered = lemmas.values.sorted { a, b in
            let fileA = a["file"] as? String ?? "", fileB = b["file"] as? String ?? ""
            return fileA != fileB ? fileA < fileB : (a["line"] as? Int ?? 0) < (b["line"] as? Int ?? 0)
        }
        merged["lemmas"] = ordered
        var reductions: [String: Any] = [:]
        for document in documents {
            for case let reduction as [String: Any] in document["reductions"] as? [Any] ?? [] {
                reductions[reduction["rules"] as? String ?? ""] = reductions[reduction["rules"] as? String ?? ""] ?? reduction
            }
        }
        merged["reductions"] = reductions.keys.sorted().map { reductions[$0]! }
        // A rule is unexercised only if no shard exercised it.
        let unexercised = documents.map { Set($0["unexercisedRules"] as? [String] ?? []) }
        merged["unexercisedRules"] = unexercised.dropFirst().reduce(unexercised[0]) { $0.intersection($1) }.sorted()
        merged["vacuous"] = ordered.filter { $0["verdict"] as? String == "vacuous" }.count
        merged["seconds"] = documents.compactMap { $0["seconds"] as? Double }.max() ?? 0
        let exitCode = documents.compactMap { $0["exitCode"] as? Int }.max() ?? 0
        merged["exitCode"] = exitCode
        let data = try JSONSerialization.data(withJSONObject: merged, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data, Int32(exitCode))
    }

    /// Says why on standard error, and ends the command with exit 2.
    private func failure(_ refusal: MergeRefusal) -> Error {
        StandardError.write("verify-lemmas merge: \(refusal)\n")
        return ExitCode(2)
    }

    private func failure(_ code: MergeRefusal.Code, _ detail: String) -> Error { failure(MergeRefusal(code, detail)) }
}
