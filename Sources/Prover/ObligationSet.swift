import Encoding
import IdentityModel
import Invalidation

/// The obligations of one rule set of a layer, discharged once per run: an unbounded verdict under
/// these rules rests on all of them. A vacuous obligation (premises that hold of nothing, which
/// both layers' runners check at run time) counts as not proved.
public struct ObligationSet<Layer: ObligationLayer>: Sendable {
    public var rules: Layer.Rules
    public var results: [Layer.ObligationOutcome]
    /// A failure to run them at all.
    public var error: String?

    public init(rules: Layer.Rules, results: [Layer.ObligationOutcome], error: String? = nil) {
        self.rules = rules
        self.results = results
        self.error = error
    }

    /// Whether every obligation was proved.
    public var holds: Bool { shortfall == nil }

    /// The ids of the obligations that were not proved.
    public var unproved: [String] { results.filter { !Layer.verdict(of: $0).isProved }.map(Layer.id) }

    /// The ids of every obligation run, in order.
    public var ids: [String] { results.map(Layer.id) }

    /// Why an unbounded verdict cannot rest on these obligations, said as failed, vacuous or
    /// unknown (a timeout is not a failure), or `nil` when every one was proved.
    public var shortfall: String? {
        let noun = Layer.obligationsNoun
        let rulesName = Layer.name(of: rules)
        if let error { return "the \(noun) obligations could not be run (\(error))" }
        if results.isEmpty { return "no \(noun) obligation was run" }
        var failed: [String] = []
        var vacuous: [String] = []
        var unknown: [String] = []
        for result in results {
            switch Layer.verdict(of: result) {
            case .proved: break
            case .failed: failed.append(Layer.id(of: result))
            case .vacuous: vacuous.append(Layer.id(of: result))
            case .unknown(let reason): unknown.append("\(Layer.id(of: result)) (\(reason))")
            }
        }
        var parts: [String] = []
        if !failed.isEmpty {
            parts.append("the \(noun) does not hold under \(rulesName): \(failed.joined(separator: ", ")) failed")
        }
        if !vacuous.isEmpty {
            parts.append("the premises of \(vacuous.joined(separator: ", ")) under \(rulesName) hold of nothing (vacuous)")
        }
        if !unknown.isEmpty {
            parts.append("\(unknown.count) \(noun) obligation(s) under \(rulesName) unknown: \(unknown.joined(separator: ", "))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// The reduction obligations of one identity rule set.
public typealias ReductionStatus = ObligationSet<IdentitySemantics>

/// The locality obligations of one invalidation rule set.
public typealias InvalidationLocalityStatus = ObligationSet<InvalidationSemantics>

extension ObligationSet where Layer == IdentitySemantics {
    /// Discharges every reduction obligation of `rules`, keeping their scripts when `exportsScripts`.
    public static func discharge(_ rules: RuleSet, budget: SolverBudget, exportsScripts: Bool = true) -> ReductionStatus {
        let runner = ObligationRunner(budget: budget, exportsScripts: exportsScripts)
        do {
            return ReductionStatus(rules: rules, results: try runner.discharge(Array(ReductionObligations(rules: rules))))
        } catch {
            return ReductionStatus(rules: rules, results: [], error: "\(error)")
        }
    }
}

extension ObligationSet where Layer == InvalidationSemantics {
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
