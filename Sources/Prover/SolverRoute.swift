import Encoding
import Foundation
import LemmaLogic

/// The unbounded route: the negated lemma at the path level, in Z3. Unsat is a proof for paths of
/// every length; sat gives paths that are shrunk, decoded, realized as trees and replayed.
package struct SolverRoute: Sendable {
    /// The budget of the full query (and of each bounded search after an unknown one).
    package var budget: SolverBudget
    /// The budget of the full query alone, when it differs (e.g. a tiny one, to make it give up
    /// deterministically); `nil`: `budget`.
    package var fullQueryBudget: SolverBudget?
    /// How many models to try when the path level's counterexamples do not fit any tree.
    package var replayAttempts = 8

    /// A route whose checks spend at most `budget` each.
    package init(budget: SolverBudget = .standard) { self.budget = budget }

    /// How many steps per path the bounded search covers when the full query is unknown.
    package static let inductionSteps = 4

    /// Runs the lemma through Z3 (a fresh session: each job has its own). With `inductionSteps`, an
    /// unknown full query is followed by a search among paths of at most that many steps: unsat there
    /// is a bounded result, sat a counterexample like any other.
    ///
    /// When no model fits a tree and some did not because of AnyView's erased types, the lemma is
    /// run again on the query that says what they are (`ContentTypes`): its answer is the result,
    /// with the time and resources of both. Asking that query first would cost every lemma (up to
    /// ten times the resources), for the few whose models pass an AnyView.
    package func run(_ lemma: LemmaSpec, exportScript: Bool = false, inductionSteps: Int? = nil) -> SolverResult {
        let (plain, erasedTypesDidNotFit) = run(lemma, exportScript: exportScript, inductionSteps: inductionSteps, contentTypes: false)
        guard erasedTypesDidNotFit, case .unknown = plain.answer else { return plain }
        var refined = run(lemma, exportScript: exportScript, inductionSteps: inductionSteps, contentTypes: true).result
        refined.seconds += plain.seconds
        if let first = plain.resourceCount, let second = refined.resourceCount { refined.resourceCount = first + second }
        return refined
    }

    /// One run, on the query with or without `contentTypes`, and whether a model did not fit a tree
    /// because of AnyView's erased types.
    private func run(
        _ lemma: LemmaSpec, exportScript: Bool, inductionSteps: Int?, contentTypes: Bool
    ) -> (result: SolverResult, erasedTypesDidNotFit: Bool) {
        var erasedTypesDidNotFit = false
        let driver = SolverDriver(budget: budget, replayAttempts: replayAttempts)
        let result = SolverDriver.timed {
            let query: PathLevelQuery
            do {
                query = try PathLevelQuery(lemma: lemma, budget: budget, exportScript: exportScript, contentTypes: contentTypes)
            } catch let error as EncodingError {
                return SolverResult(answer: .inapplicable(error.description), seconds: 0)
            }
            func refuting(_ model: PathModel, resources: Int?) throws -> SolverResult {
                try driver.refute(
                    model, of: query, lemma: lemma, in: IdentitySemantics.self, resources: resources,
                    refinable: &erasedTypesDidNotFit)
            }
            let quick = try query.checkShortPaths(
                totalSteps: PathLevelQuery.quickSearchSteps, budget: budget.fraction(SolverDriver.quickSearchShare))
            if case .sat(let model) = quick { return try refuting(model, resources: query.lastResourceCount) }
            let full = try query.check(budget: fullQueryBudget ?? budget)
            let resources = query.lastResourceCount
            switch full {
            case .unsat:
                return SolverDriver.result(.proved, of: query, resources: resources)
            case .sat(let first):
                return try refuting(first, resources: resources)
            case .unknown(let reason):
                guard let steps = inductionSteps else { return SolverDriver.result(.unknown(.solver(reason)), of: query, resources: resources) }
                let bounded = try query.checkEachPath(atMost: steps, budget: budget)
                let boundedResources = query.lastResourceCount
                switch bounded {
                case .unsat:
                    return SolverDriver.result(.provedForShortPaths(steps: steps, reason: reason), of: query, resources: boundedResources)
                case .sat(let model):
                    return try refuting(model, resources: boundedResources)
                case .unknown(let shortReason):
                    return SolverDriver.result(
                        .unknown(.solverOnShortPathsToo(full: reason, steps: steps, short: shortReason)), of: query, resources: boundedResources)
                }
            }
        }
        return (result, erasedTypesDidNotFit)
    }
}
