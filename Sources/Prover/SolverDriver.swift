import Encoding
import Foundation

/// What replaying one decoded model on trees found: the replay contract. A model is never a
/// verdict until it is replayed: only `violated` refutes.
enum ReplayVerdict {
    /// The lemma is false on the trees the model was realized as: the counterexample.
    case violated(Counterexample)
    /// No trees realize the model (the query over-approximates trees; why): try another model.
    /// `refinable`: the query leaves free what made it not fit, and a query that says more may fit.
    case notRealized(String, refinable: Bool)
    /// Trees realize the model and the lemma holds on them: the encoding and the semantics
    /// disagree (why), an internal error.
    case contradicts(String)
    /// The model could not be decoded (why): try another model.
    case undecodable(String)

    var isUndecodable: Bool { if case .undecodable = self { true } else { false } }
}

/// The solver route's scaffolding, for every layer: the budget of each kind of check as a named
/// share of the route's, a Z3 error caught as a failure (never an abort), and models shrunk,
/// decoded and replayed (the layer's `replay`) until one refutes the lemma on trees, blocked and
/// the next one tried while none does.
struct SolverDriver {
    /// The budget of each check that names no share.
    var budget: SolverBudget
    /// How many models to try when the query's counterexamples do not fit any tree or cannot be decoded.
    var replayAttempts = 8
    /// The share of `budget`'s resource units each quick search spends: the first search among short paths (1/10),
    /// each shrinking step (1/25), each further model after one that did not replay (1/5).
    static let quickSearchShare = 10, shrinkShare = 25, retryShare = 5

    /// The route's result from `body`, with the time it took; a thrown error (Z3's, the
    /// encoding's) is a solver failure, never an abort.
    static func timed(_ body: () throws -> SolverResult) -> SolverResult {
        let start = DispatchTime.now()
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        do {
            var result = try body()
            result.seconds = elapsed()
            return result
        } catch {
            return SolverResult(answer: .failed(.solverFailure("\(error)")), seconds: elapsed())
        }
    }

    /// `answer` as a result, with the query's script and `resources`.
    static func result<Query: ModelQuery>(_ answer: SolverAnswer, of query: Query, resources: Int?) -> SolverResult {
        SolverResult(answer: answer, seconds: 0, resourceCount: resources, script: query.script)
    }

    /// Shrinks models, from `first`, and replays each on trees as `layer` does (`Semantics.replay`)
    /// until one violates the lemma there. A model that no tree realizes, or that cannot be decoded
    /// (a view of more properties than are decoded), is blocked and the next one tried, at most
    /// `replayAttempts` models in all: the query over-approximates trees. The result carries the query's script and
    /// `resources` (the check that found `first`); `refinable` is set when a model did not fit in a
    /// way a refined query may avoid.
    func refute<Layer: Semantics>(
        _ first: Layer.Query.Model, of query: Layer.Query, lemma: Layer.Spec, in layer: Layer.Type, resources: Int?,
        refinable: inout Bool
    ) throws -> SolverResult {
        var model = first
        var reasons: [String] = []
        var undecodable: [String] = []
        attempts: for attempt in 1...replayAttempts {
            model = try query.shrink(model, budget: budget.fraction(Self.shrinkShare))
            let replay = try Layer.replay(model, of: query, lemma: lemma)
            switch replay {
            case .violated(let counterexample):
                var result = Self.result(.refuted(counterexample), of: query, resources: resources)
                result.certificate = try query.script.map { _ in try query.certificate(for: model) }
                return result
            case .contradicts(let why):
                return Self.result(.failed(.replayContradicts(why)), of: query, resources: resources)
            case .undecodable(let why):
                undecodable.append(why)
            case .notRealized(let why, let refinableHere):
                reasons.append(why)
                refinable = refinable || refinableHere
            }
            // Each further try is a fresh search of the whole query: briefly, since an unknown
            // here is just unknown.
            guard attempt < replayAttempts else { break attempts }
            let next: QueryAnswer<Layer.Query.Model>
            do {
                next = try query.next(after: model, budget: budget.fraction(Self.retryShare))
            } catch where replay.isUndecodable {
                // A value its decoder could not read (beyond Int) cannot be blocked either.
                break attempts
            }
            guard case .sat(let other) = next else { break attempts }
            model = other
        }
        // A model no tree realizes says more than one not decoded: its reason, if any was found.
        if reasons.isEmpty, let why = undecodable.last { return Self.result(.unknown(.undecodable(why)), of: query, resources: resources) }
        return Self.result(.unknown(.noReplay(tried: reasons.count + undecodable.count, last: reasons.last)), of: query, resources: resources)
    }
}
