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

    /// Discharges every reduction obligation of `rules`.
    public static func discharge(_ rules: RuleSet, timeoutMilliseconds: Int) -> ReductionStatus {
        let runner = ObligationRunner(timeoutMilliseconds: timeoutMilliseconds)
        do {
            let results = try ReductionObligations(rules: rules).map { try runner.discharge($0) }
            return ReductionStatus(rules: rules, results: results, error: nil)
        } catch {
            return ReductionStatus(rules: rules, results: [], error: "\(error)")
        }
    }
}
