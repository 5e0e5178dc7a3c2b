import Encoding
import Foundation
import LemmaLogic

/// The unbounded route for invalidation lemmas: the negated lemma over views (`ViewLink`, one per
/// path per transition) in Z3.
/// Unsat is a proof for views with any number of properties; sat gives views that are shrunk,
/// decoded, built as trees and replayed through `BodyEvaluator` before they are shown.
struct InvalidationSolverRoute {
    var budget: SolverBudget
    var replayAttempts = 8

    func run(_ lemma: InvalidationLemmaSpec, exportScript: Bool) -> SolverResult {
        let driver = SolverDriver(budget: budget, replayAttempts: replayAttempts)
        return SolverDriver.timed {
            let query = try InvalidationQuery(lemma: lemma, budget: budget, exportScript: exportScript)
            let answer = try query.check()
            let resources = query.lastResourceCount
            switch answer {
            case .unsat:
                return SolverDriver.result(.proved, of: query, resources: resources)
            case .unknown(let reason):
                return SolverDriver.result(.unknown(.solver(reason)), of: query, resources: resources)
            case .sat(let first):
                var refinable = false
                var model = first
                // The replay shows no revived view (`InvalidationSemantics.replay`): every model from
                // here on has none; with none left, no verdict (FINDINGS.md 67).
                let revived = try query.revivedView(in: first)
                query.excludeRevival()
                if let revived {
                    switch try query.check() {
                    case .unsat:
                        let views = try revivalNeeded(lemma, orElse: revived).map { InvalidationSemantics.revivedView($0, of: lemma) }
                        return SolverDriver.result(.unknown(.revivedOnly(views: views)), of: query, resources: resources)
                    case .unknown(let reason):
                        return SolverDriver.result(.unknown(.solver(reason)), of: query, resources: resources)
                    case .sat(let other):
                        model = other
                    }
                }
                return try driver.refute(
                    model, of: query, lemma: lemma, in: InvalidationSemantics.self, resources: resources, refinable: &refinable)
            }
        }
    }

    /// The views whose revival `lemma`'s query needs (`InvalidationQuery.revivalNeeded`, FINDINGS.md
    /// 77), asked of a fresh query, so that the route's own, which excludes every revival, and the
    /// models it gives are what they were; `revived`, the first model's, where that check stops.
    private func revivalNeeded(_ lemma: InvalidationLemmaSpec, orElse revived: (path: Int, transition: Int)) throws -> [(path: Int, transition: Int)] {
        let fresh = try InvalidationQuery(lemma: lemma, budget: budget)
        guard case .unsat(let needed) = try fresh.revivalNeeded(minimising: budget.fraction(SolverDriver.shrinkShare)), !needed.isEmpty
        else { return [revived] }
        return needed
    }
}
