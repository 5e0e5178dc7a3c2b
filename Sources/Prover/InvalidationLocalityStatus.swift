import Encoding
import Invalidation

/// The locality obligations of one invalidation rule set, discharged once per run: an unbounded
/// verdict of an invalidation lemma under these rules rests on all of them.
public struct InvalidationLocalityStatus: Sendable {
    public var rules: InvalidationRules
    public var results: [InvalidationObligationResult]
    /// A failure to run them at all.
    public var error: String?

    /// Why an unbounded verdict cannot rest on these obligations, or `nil` when every one was proved.
    public var shortfall: ObligationShortfall? {
        if let error { return .couldNotRun(.locality, error: error) }
        if results.isEmpty { return .noneRun(.locality) }
        let unproved = results.filter { $0.verdict != .proved }
        guard !unproved.isEmpty else { return nil }
        return .localityUnproved(rules: rules.name, unproved: unproved.map { .init(id: $0.obligation.id, verdict: $0.verdict) })
    }

    /// Where `result`'s script is kept in Proofs/.
    func scriptPath(of result: InvalidationObligationResult) -> String {
        "reduction/invalidation-\(rules.name)/\(result.obligation.id).smt2"
    }

    /// Discharges every locality obligation of `rules`.
    public static func discharge(_ rules: InvalidationRules, budget: SolverBudget) -> InvalidationLocalityStatus {
        do {
            return InvalidationLocalityStatus(rules: rules, results: try InvalidationLocality(rules: rules, budget: budget).discharge())
        } catch {
            return InvalidationLocalityStatus(rules: rules, results: [], error: "\(error)")
        }
    }
}
