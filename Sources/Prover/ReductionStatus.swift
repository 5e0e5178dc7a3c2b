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

    /// Why an unbounded verdict cannot rest on these obligations, failed kept apart from unknown (a
    /// timeout is not a failure), or `nil` when every one was proved.
    public var shortfall: ObligationShortfall? {
        if let error { return .couldNotRun(.reduction, error: error) }
        if results.isEmpty { return .noneRun(.reduction) }
        let failed = results.filter { if case .failed = $0.verdict { return true } else { return false } }
        let unknown = results.compactMap { result -> ObligationShortfall.UnansweredObligation? in
            if case .unknown(let stop) = result.verdict { return .init(id: result.obligation.id, stop: stop) }
            return nil
        }
        guard !failed.isEmpty || !unknown.isEmpty else { return nil }
        return .reductionUnproved(rules: rules.name, failed: failed.map(\.obligation.id), unknown: unknown)
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
