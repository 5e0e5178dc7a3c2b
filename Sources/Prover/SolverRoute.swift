import Encoding
import Foundation
import LemmaLogic

/// The unbounded route: the negated lemma at the path level, in Z3. Unsat is a proof for paths of
/// every length; sat gives paths that are shrunk, decoded, realized as trees and replayed.
public struct SolverRoute: Sendable {
    /// The budget of the full query (and of each bounded search after an unknown one).
    public var budget: SolverBudget
    /// The budget of the full query alone, when it differs (e.g. a tiny one, to make it give up
    /// deterministically); `nil`: `budget`.
    public var fullQueryBudget: SolverBudget?
    /// How many models to try when the path level's counterexamples do not fit any tree.
    public var replayAttempts = 8
    /// The share of `budget`'s resource units each quick search spends: the first search among short paths (1/10),
    /// each shrinking step (1/25), each further model after one that did not replay (1/5).
    static let quickSearchShare = 10, shrinkShare = 25, retryShare = 5

    /// A route whose checks spend at most `budget` each.
    public init(budget: SolverBudget = .standard) { self.budget = budget }

    /// How many steps per path the bounded search covers when the full query is unknown.
    public static let inductionSteps = 4

    /// Runs the lemma through Z3 (a fresh session: each job has its own). With `inductionSteps`, an
    /// unknown full query is followed by a search among paths of at most that many steps: unsat there
    /// is a bounded result, sat a counterexample like any other.
    ///
    /// When no model fits a tree and some did not because of AnyView's erased types, the lemma is
    /// run again on the query that says what they are (`ContentTypes`): its answer is the result,
    /// with the time and resources of both. Asking that query first would cost every lemma (up to
    /// ten times the resources), for the few whose models pass an AnyView.
    public func run(_ lemma: LemmaSpec, exportScript: Bool = false, inductionSteps: Int? = nil) -> SolverResult {
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
        let start = DispatchTime.now()
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        var erasedTypesDidNotFit = false
        func answer() -> SolverResult {
            do {
                let query: PathLevelQuery
                do {
                    query = try PathLevelQuery(lemma: lemma, budget: budget, exportScript: exportScript, contentTypes: contentTypes)
                } catch let error as EncodingError {
                    return SolverResult(answer: .inapplicable(error.description), seconds: elapsed())
                }
                let script = query.script
                func result(_ answer: SolverAnswer, resources: Int?) -> SolverResult {
                    SolverResult(answer: answer, seconds: elapsed(), resourceCount: resources, script: script)
                }
                func refuting(_ model: PathModel, resources: Int?) throws -> SolverResult {
                    var refutation = try refute(model, query: query, lemma: lemma, erasedTypesDidNotFit: &erasedTypesDidNotFit)
                    refutation.seconds = elapsed()
                    refutation.resourceCount = resources
                    refutation.script = script
                    return refutation
                }
                let quick = try query.checkShortPaths(
                    totalSteps: PathLevelQuery.quickSearchSteps, budget: budget.fraction(Self.quickSearchShare))
                if case .sat(let model) = quick { return try refuting(model, resources: query.lastResourceCount) }
                let full = try query.check(budget: fullQueryBudget ?? budget)
                let resources = query.lastResourceCount
                switch full {
                case .unsat:
                    return result(.proved, resources: resources)
                case .sat(let first):
                    return try refuting(first, resources: resources)
                case .unknown(let reason):
                    guard let steps = inductionSteps else { return result(.unknown(.solver(reason)), resources: resources) }
                    let bounded = try query.checkEachPath(atMost: steps, budget: budget)
                    let boundedResources = query.lastResourceCount
                    switch bounded {
                    case .unsat:
                        return result(.provedForShortPaths(steps: steps, reason: reason), resources: boundedResources)
                    case .sat(let model):
                        return try refuting(model, resources: boundedResources)
                    case .unknown(let shortReason):
                        return result(
                            .unknown(.solverOnShortPathsToo(full: reason, steps: steps, short: shortReason)), resources: boundedResources)
                    }
                }
            } catch {
                return SolverResult(answer: .failed(.solverFailure("\(error)")), seconds: elapsed())
            }
        }
        let result = answer()
        return (result, erasedTypesDidNotFit)
    }

    /// Shrinks, decodes and replays models until one violates the lemma on trees. A model that no
    /// render realizes is blocked and the next one tried: the path level over-approximates trees.
    /// `erasedTypesDidNotFit` is set when a model did not fit because of AnyView's erased types.
    private func refute(
        _ first: PathModel, query: PathLevelQuery, lemma: LemmaSpec, erasedTypesDidNotFit: inout Bool
    ) throws -> SolverResult {
        var model = first
        var reasons: [String] = []
        for attempt in 1...replayAttempts {
            model = try query.shrink(model, budget: budget.fraction(Self.shrinkShare))
            let paths: [DecodedPath]
            do {
                paths = try query.paths(in: model)
            } catch let error as EncodingError {
                return SolverResult(answer: .unknown(.undecodable("\(error)")), seconds: 0)
            }
            do {
                let counterexample = try Replay.solverPaths(paths, lemma: lemma)
                let certificate = try query.script.map { _ in try query.certificate(for: model) }
                return SolverResult(answer: .refuted(counterexample), seconds: 0, certificate: certificate)
            } catch let error as ReplayError where error.isOverApproximation {
                reasons.append(error.description)
                if case .erasedTypes = error { erasedTypesDidNotFit = true }
                guard attempt < replayAttempts else { break }
                // Each further try is a fresh search of the whole query: briefly, since an unknown
                // here is just unknown.
                guard case .sat(let next) = try query.next(after: model, budget: budget.fraction(Self.retryShare)) else { break }
                model = next
            } catch let error as ReplayError {
                return SolverResult(answer: .failed(.replayContradicts("\(error)")), seconds: 0)
            }
        }
        return SolverResult(answer: .unknown(.noReplay(tried: reasons.count, last: reasons.last)), seconds: 0)
    }
}
