import Encoding
import IdentityModel

/// The reduction obligations of one rule set, discharged once per run: an unbounded verdict under
/// these rules rests on all of them.
public struct ReductionStatus: Sendable {
    public var rules: RuleSet
    public var results: [ObligationResult]
    /// A failure to run them at all.
    public var error: String?

    /// Whether every obligation was proved.
    public var holds: Bool { error == nil && !results.isEmpty && results.allSatisfy { $0.verdict.isProved } }

    /// The ids of the obligations that were not proved.
    public var unproved: [String] { results.filter { !$0.verdict.isProved }.map(\.obligation.id) }

    /// Why an unbounded verdict cannot rest on these obligations, said as failed or unknown (a
    /// timeout is not a failure), or `nil` when every one was proved.
    public var shortfall: String? {
        if let error { return "the reduction obligations could not be run (\(error))" }
        if results.isEmpty { return "no reduction obligation was run" }
        let failed = results.filter { if case .failed = $0.verdict { return true } else { return false } }
        let unknown = results.compactMap { result -> String? in
            if case .unknown(let reason) = result.verdict { return "\(result.obligation.id) (\(reason))" }
            return nil
        }
        var parts: [String] = []
        if !failed.isEmpty {
            parts.append("the reduction does not hold under \(rules.name): \(failed.map(\.obligation.id).joined(separator: ", ")) failed")
        }
        if !unknown.isEmpty {
            parts.append("\(unknown.count) reduction obligation(s) under \(rules.name) unknown: \(unknown.joined(separator: ", "))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Discharges every reduction obligation of `rules`, keeping their scripts when `exportsScripts`.
    public static func discharge(_ rules: RuleSet, budget: SolverBudget, exportsScripts: Bool = true) -> ReductionStatus {
        let runner = ObligationRunner(budget: budget, exportsScripts: exportsScripts)
        do {
            let results = try runner.discharge(Array(ReductionObligations(rules: rules)))
            return ReductionStatus(rules: rules, results: results, error: nil)
        } catch {
            return ReductionStatus(rules: rules, results: [], error: "\(error)")
        }
    }
}
