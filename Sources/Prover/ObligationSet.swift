import Encoding
import IdentityModel
import Invalidation

/// The obligations of one rule set of a layer, discharged once per run: an unbounded verdict under
/// these rules rests on all of them. A vacuous obligation (premises that hold of nothing, which
/// both layers' runners check at run time) counts as not proved.
package struct ObligationSet<Layer: ObligationLayer>: Sendable {
    package var rules: Layer.Rules
    package var results: [Layer.ObligationOutcome]
    /// A failure to run them at all.
    package var error: String?

    package init(rules: Layer.Rules, results: [Layer.ObligationOutcome], error: String? = nil) {
        self.rules = rules
        self.results = results
        self.error = error
    }

    /// Whether every obligation was proved.
    package var holds: Bool { shortfall == nil }

    /// The ids of the obligations that were not proved.
    package var unproved: [String] { results.filter { !Layer.verdict(of: $0).isProved }.map(Layer.id) }

    /// The ids of every obligation run, in order.
    package var ids: [String] { results.map(Layer.id) }

    /// Why an unbounded verdict cannot rest on these obligations, failed and vacuous kept apart from
    /// unknown (a timeout is not a failure), or `nil` when every one was proved.
    package var shortfall: ObligationShortfall? {
        if let error { return .couldNotRun(Layer.obligationKind, error: error) }
        if results.isEmpty { return .noneRun(Layer.obligationKind) }
        var failed: [String] = []
        var vacuous: [String] = []
        var unknown: [ObligationShortfall.UnansweredObligation] = []
        for result in results {
            switch Layer.verdict(of: result) {
            case .proved: break
            case .failed: failed.append(Layer.id(of: result))
            case .vacuous: vacuous.append(Layer.id(of: result))
            case .unknown(let stop): unknown.append(.init(id: Layer.id(of: result), stop: stop))
            }
        }
        guard !failed.isEmpty || !vacuous.isEmpty || !unknown.isEmpty else { return nil }
        return .unproved(Layer.obligationKind, rules: Layer.name(of: rules), failed: failed, vacuous: vacuous, unknown: unknown)
    }
}

/// The reduction obligations of one identity rule set.
package typealias ReductionStatus = ObligationSet<IdentitySemantics>

/// The locality obligations of one invalidation rule set.
package typealias InvalidationLocalityStatus = ObligationSet<InvalidationSemantics>

extension ObligationSet where Layer == IdentitySemantics {
    /// Discharges every reduction obligation of `rules`, keeping their scripts when `exportsScripts`.
    package static func discharge(_ rules: RuleSet, budget: SolverBudget, exportsScripts: Bool = true) -> ReductionStatus {
        let runner = ObligationRunner(budget: budget, exportsScripts: exportsScripts)
        do {
            return ReductionStatus(rules: rules, results: try runner.discharge(Array(ReductionObligations(rules: rules))))
        } catch {
            return ReductionStatus(rules: rules, results: [], error: "\(error)")
        }
    }

    /// Where `result`'s script is kept in Proofs/.
    package func scriptPath(of result: ObligationResult) -> String {
        "reduction/\(rules.name)/\(result.obligation.id).smt2"
    }

    /// This status for `rules`, which differ from its own in name only.
    func renamed(_ rules: RuleSet) -> ReductionStatus {
        ReductionStatus(rules: rules, results: results.map { $0.renamed(to: rules) }, error: error)
    }
}

extension ObligationSet where Layer == InvalidationSemantics {
    /// Where `result`'s script is kept in Proofs/.
    package func scriptPath(of result: InvalidationObligationResult) -> String {
        "reduction/invalidation-\(rules.name)/\(result.obligation.id).smt2"
    }

    /// Discharges every locality obligation of `rules`.
    package static func discharge(_ rules: InvalidationRules, budget: SolverBudget) -> InvalidationLocalityStatus {
        do {
            return InvalidationLocalityStatus(rules: rules, results: try InvalidationLocality(rules: rules, budget: budget).discharge())
        } catch {
            return InvalidationLocalityStatus(rules: rules, results: [], error: "\(error)")
        }
    }
}
