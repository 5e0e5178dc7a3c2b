import Encoding
import Foundation
import LemmaLogic
import Z3Kit

/// The unbounded route: the negated lemma at the path level, in Z3. Unsat is a proof for paths of
/// every length; sat gives paths that are shrunk, decoded, realized as trees and replayed.
public struct SolverRoute: Sendable {
    /// The time limit of each check.
    public var timeoutMilliseconds: Int
    /// The time limit of the induction's base cases (default: `timeoutMilliseconds`).
    public var inductionTimeoutMilliseconds: Int?
    /// A resource limit (Z3's rlimit) for the full query alone, e.g. to make it give up
    /// deterministically; `nil`: the time limit only.
    public var fullQueryResourceLimit: Int?
    /// How many models to try when the path level's counterexamples do not fit any tree.
    public var replayAttempts = 8
    /// The time limit of each search for another model after one that did not replay.
    static let retryMilliseconds = 2_000
    /// The most steps, over all paths, of the first, quick search for a counterexample.
    static let quickSearchSteps = 6

    /// A route with a per-check time limit.
    public init(timeoutMilliseconds: Int) { self.timeoutMilliseconds = timeoutMilliseconds }

    /// How many steps per path the bounded search covers when the full query is unknown.
    public static let inductionSteps = 4

    /// Runs the lemma through Z3 (a fresh context: each job has its own). With `inductionSteps`, an
    /// unknown full query is followed by a search among paths of at most that many steps: unsat there
    /// is a bounded result, sat a counterexample like any other.
    public func run(_ lemma: LemmaSpec, exportScript: Bool = false, inductionSteps: Int? = nil) -> SolverResult {
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
            func refuting(_ model: Z3Model, resources: Int?) throws -> SolverResult {
                try refute(model, encoder: encoder, solver: solver, lemma: lemma, resources: resources, script: script, elapsed: elapsed)
            }
            // Models of quantified formulas are much easier to find among short paths: look there
            // first, briefly. Any model found is a model of the whole query.
            let quick = try solver.withScope {
                try solver.assert(try encoder.totalLength().le(context.int(Self.quickSearchSteps)))
                return try solver.check(timeoutMilliseconds: min(timeoutMilliseconds, 1_000))
            }
            if case .sat(let model) = quick { return try refuting(model, resources: solver.lastCheckResourceCount) }
            let result = try solver.check(resourceLimit: fullQueryResourceLimit)
            let resources = solver.lastCheckResourceCount
            switch result {
            case .unsat:
                return SolverResult(answer: .proved, seconds: elapsed(), resourceCount: resources, script: script)
            case .sat(let first):
                return try refuting(first, resources: resources)
            case .unknown(let reason):
                guard let steps = inductionSteps else {
                    return SolverResult(answer: .unknown("z3: \(reason)"), seconds: elapsed(), resourceCount: resources, script: script)
                }
                let bounded = try solver.withScope {
                    for path in encoder.paths { try solver.assert(try path.length.le(context.int(steps))) }
                    return try solver.check(timeoutMilliseconds: inductionTimeoutMilliseconds ?? timeoutMilliseconds)
                }
                let boundedResources = solver.lastCheckResourceCount
                switch bounded {
                case .unsat:
                    return SolverResult(
                        answer: .provedForShortPaths(steps: steps, reason: "z3: \(reason)"), seconds: elapsed(),
                        resourceCount: boundedResources, script: script)
                case .sat(let model):
                    return try refuting(model, resources: boundedResources)
                case .unknown(let shortReason):
                    return SolverResult(
                        answer: .unknown("z3: \(reason); with paths of at most \(steps) steps: \(shortReason)"), seconds: elapsed(),
                        resourceCount: boundedResources, script: script)
                }
            }
        } catch {
            return SolverResult(answer: .failed("internal error: \(error)"), seconds: elapsed())
        }
    }

    /// Shrinks, decodes and replays models until one violates the lemma on trees. A model that no
    /// render realizes is blocked and the next one tried: the path level over-approximates trees.
    private func refute(
        _ first: Z3Model, encoder: LemmaEncoder, solver: Z3Solver, lemma: LemmaSpec, resources: Int?, script: String?,
        elapsed: () -> Double
    ) throws -> SolverResult {
        var model = first
        var reasons: [String] = []
        for attempt in 1...replayAttempts {
            model = try shrink(model, encoder: encoder, solver: solver)
            let paths: [DecodedPath]
            do {
                paths = try CounterexampleDecoder(encoder: encoder).paths(in: model)
            } catch let error as EncodingError {
                return SolverResult(
                    answer: .unknown("Z3 found a counterexample too large to decode and replay (\(error))"),
                    seconds: elapsed(), resourceCount: resources, script: script)
            }
            do {
                let counterexample = try Replay.solverPaths(paths, lemma: lemma)
                // The certificate: the query with this model's paths fixed, which any solver
                // answers `sat` at once.
                let certificate = try script.map { _ in
                    try solver.withScope {
                        try solver.assert(try sameModel(model, encoder: encoder))
                        return try solver.smtlib2Script()
                    }
                }
                return SolverResult(
                    answer: .refuted(counterexample), seconds: elapsed(), resourceCount: resources, script: script,
                    certificate: certificate)
            } catch let error as ReplayError where error.isOverApproximation {
                reasons.append(error.description)
                guard attempt < replayAttempts else { break }
                try solver.assert(try sameModel(model, encoder: encoder).not())
                // Another model after blocking one that did not fit: briefly, since each further try
                // is a fresh search of the whole query and an unknown here is just unknown.
                guard case .sat(let next) = try solver.check(timeoutMilliseconds: min(timeoutMilliseconds, Self.retryMilliseconds))
                else { break }
                model = next
            } catch let error as ReplayError {
                return SolverResult(
                    answer: .failed("internal error: Z3's counterexample did not replay on trees: \(error)"),
                    seconds: elapsed(), resourceCount: resources, script: script)
            }
        }
        return SolverResult(
            answer: .unknown("no counterexample Z3 found fits a tree (\(reasons.count) tried; last: \(reasons.last ?? "none"))"),
            seconds: elapsed(), resourceCount: resources, script: script)
    }

    /// That the paths are exactly this model's (lengths, steps and leaves): negated, it blocks the
    /// model; asserted, it makes the refutation's certificate.
    private func sameModel(_ model: Z3Model, encoder: LemmaEncoder) throws -> Z3Term {
        let context = encoder.vocabulary.context
        var same: [Z3Term] = []
        for path in encoder.paths {
            let length = try model.int(of: path.length)
            same.append(try path.length.eq(context.int(length)))
            same.append(try path.leafType.eq(try model.eval(path.leafType)))
            for index in 0..<length {
                let step = try path.step(at: try context.int(index))
                same.append(try step.eq(try model.eval(step)))
            }
        }
        return try context.and(same)
    }

    /// Asks for the counterexample with the fewest steps in all, trying small totals first, then for
    /// small values in it: a person reads a three-step path with slots 0 and 1, not forty steps.
    private func shrink(_ model: Z3Model, encoder: LemmaEncoder, solver: Z3Solver) throws -> Z3Model {
        let context = encoder.vocabulary.context
        let total = try encoder.totalLength()
        let found = try model.int(of: total)
        let quick = min(timeoutMilliseconds, 400)
        for limit in [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32] where limit <= found {
            try solver.push()
            defer { try? solver.pop() }
            try solver.assert(try total.le(context.int(limit)))
            guard case .sat(let shortest) = try solver.check(timeoutMilliseconds: quick) else { continue }
            // Renders realized from the paths alone hold no other views: prefer models whose store
            // agrees, so they replay.
            let minimal = try context.const("shrink.minimalPresence", context.boolSort)
            if encoder.lemma.readsStore { try solver.assert(try minimal.implies(try encoder.minimalPresence())) }
            for bound in [1, 2, 3, 5] {
                try solver.push()
                defer { try? solver.pop() }
                try solver.assert(try encoder.smallValues(bound))
                if case .sat(let small) = try solver.check(assumptions: [minimal], timeoutMilliseconds: quick) { return small }
                if encoder.lemma.readsStore, case .sat(let small) = try solver.check(timeoutMilliseconds: quick) { return small }
            }
            return shortest
        }
        return model
    }
}
