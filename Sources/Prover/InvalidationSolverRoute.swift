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
        let start = DispatchTime.now()
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        do {
            let query = try InvalidationQuery(lemma: lemma, budget: budget, exportScript: exportScript)
            let answer = try query.check()
            let resources = query.lastResourceCount
            switch answer {
            case .unsat:
                return SolverResult(answer: .proved, seconds: elapsed(), resourceCount: resources, script: query.script)
            case .unknown(let reason):
                return SolverResult(answer: .unknown(.solver(reason)), seconds: elapsed(), resourceCount: resources, script: query.script)
            case .sat(let first):
                var result = try refute(first, query: query, lemma: lemma)
                result.seconds = elapsed()
                result.resourceCount = resources
                result.script = query.script
                return result
            }
        } catch {
            return SolverResult(answer: .failed(.solverFailure("\(error)")), seconds: elapsed())
        }
    }

    /// Shrinks, decodes and replays models until one violates the lemma on trees. A model whose
    /// views the trees do not realize is blocked and the next one tried; one the trees realize but
    /// on which the lemma holds is an encoding error, said as such.
    private func refute(_ first: InvalidationModel, query: InvalidationQuery, lemma: InvalidationLemmaSpec) throws -> SolverResult {
        var model = first
        var reasons: [String] = []
        for attempt in 1...replayAttempts {
            model = try query.shrink(model, budget: budget.fraction(25))
            let histories: [[ViewLink]]
            do {
                histories = try query.histories(in: model)
            } catch let error as EncodingError {
                return SolverResult(answer: .unknown(.undecodable("\(error)")), seconds: 0)
            }
            switch InvalidationReplay.run(lemma, histories: histories, origin: .z3) {
            case .violated(let counterexample):
                let certificate = try query.script.map { _ in try query.certificate(for: model) }
                return SolverResult(answer: .refuted(counterexample), seconds: 0, certificate: certificate)
            case .holds:
                return SolverResult(
                    answer: .failed(.replayContradicts("the lemma holds on its trees (\(histories.joined().map(\.description).joined(separator: "; ")))")),
                    seconds: 0)
            case .notRealized(let reason):
                reasons.append(reason)
                guard attempt < replayAttempts, case .sat(let next) = try query.next(after: model, budget: budget.fraction(5)) else { break }
                model = next
            }
        }
        return SolverResult(answer: .unknown(.noReplay(tried: reasons.count, last: reasons.last)), seconds: 0)
    }
}
