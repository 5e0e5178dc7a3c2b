import Encoding
import Foundation
import LemmaLogic
import Z3Kit

/// The unbounded route: the negated lemma at the path level, in Z3. Unsat is a proof for paths of
/// every length; sat gives paths that are shrunk, decoded, realized as trees and replayed.
public struct SolverRoute: Sendable {
    /// The time limit of each check.
    public var timeoutMilliseconds: Int
    /// A route with a per-check time limit.
    public init(timeoutMilliseconds: Int) { self.timeoutMilliseconds = timeoutMilliseconds }

    /// Runs the lemma through Z3 (a fresh context: each job has its own).
    public func run(_ lemma: LemmaSpec, exportScript: Bool = false) -> SolverResult {
        let start = DispatchTime.now()
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        do {
            let context = try Z3Context(timeoutMilliseconds: timeoutMilliseconds)
            let encoder: LemmaEncoder
            do {
                encoder = try LemmaEncoder(lemma: lemma, context: context)
            } catch let error as EncodingError {
                return SolverResult(answer: .inapplicable(error.description), seconds: elapsed())
            }
            let solver = try Z3Solver(context)
            for assertion in try encoder.query() { try solver.assert(assertion) }
            let script = exportScript ? try solver.smtlib2Script() : nil
            let result = try solver.check()
            let resources = solver.lastCheckResourceCount
            switch result {
            case .unsat:
                return SolverResult(answer: .proved, seconds: elapsed(), resourceCount: resources, script: script)
            case .unknown(let reason):
                return SolverResult(answer: .unknown("z3: \(reason)"), seconds: elapsed(), resourceCount: resources, script: script)
            case .sat(let first):
                let model = try shrink(first, encoder: encoder, solver: solver)
                let paths = try CounterexampleDecoder(encoder: encoder).paths(in: model)
                do {
                    let counterexample = try Replay.solverPaths(paths, lemma: lemma)
                    return SolverResult(answer: .refuted(counterexample), seconds: elapsed(), resourceCount: resources, script: script)
                } catch let error as ReplayError {
                    return SolverResult(
                        answer: .failed("internal error: Z3's counterexample did not replay on trees: \(error)"),
                        seconds: elapsed(), resourceCount: resources, script: script)
                }
            }
        } catch {
            return SolverResult(answer: .failed("internal error: \(error)"), seconds: elapsed())
        }
    }

    /// Asks for the counterexample with the fewest steps in all, trying small totals first: a
    /// person reads a three-step path, not a forty-step one.
    private func shrink(_ model: Z3Model, encoder: LemmaEncoder, solver: Z3Solver) throws -> Z3Model {
        let total = try encoder.totalLength()
        let found = try model.int(of: total)
        for limit in [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32] where limit < found {
            try solver.push()
            defer { try? solver.pop() }
            try solver.assert(try total.le(encoder.vocabulary.context.int(limit)))
            if case .sat(let smaller) = try solver.check(timeoutMilliseconds: min(timeoutMilliseconds, 2_000)) {
                return smaller
            }
        }
        return model
    }
}
