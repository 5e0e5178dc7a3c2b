import LemmaLogic
import Z3Kit

/// A lemma's negation at the path level in its own `SolverSession`: the checks the solver route
/// runs on it (a quick search among short paths, the full query, a bounded search), and what it
/// does with a model (shrink, decode, block, certify). Models stay opaque (`PathModel`), so Z3's
/// handles never leave Encoding.
package final class PathLevelQuery {
    /// What one check answered.
    package typealias Answer = QueryAnswer<PathModel>

    /// The most steps, over all paths, of the quick search that runs before the full query.
    package static let quickSearchSteps = 6

    package let lemma: LemmaSpec
    /// The query as a self-contained SMT-LIB 2 script, when it was asked for.
    package let script: String?
    let session: SolverSession
    let encoder: LemmaEncoder

    /// Encodes `lemma`'s negation in a fresh session; with `contentTypes`, also what AnyView's
    /// erased type is (`ContentTypes`). Throws `EncodingError` when the lemma is outside what the
    /// path level expresses.
    package init(lemma: LemmaSpec, budget: SolverBudget, exportScript: Bool = false, contentTypes: Bool = false) throws {
        self.lemma = lemma
        session = try SolverSession(budget: budget)
        encoder = try LemmaEncoder(lemma: lemma, context: session.context, contentTypes: contentTypes)
        session.assert(try encoder.query())
        script = exportScript ? try session.script() : nil
    }

    /// Z3's resource count of the last check.
    package var lastResourceCount: Int? { session.lastResourceCount }

    /// The full query, within `budget` (default: the session's).
    package func check(budget: SolverBudget? = nil) throws -> Answer {
        answer(try session.check(budget: budget))
    }

    /// The query restricted to paths of at most `totalSteps` steps in all: models of quantified
    /// formulas are much easier to find there, and any model found is a model of the whole query.
    package func checkShortPaths(totalSteps: Int, budget: SolverBudget) throws -> Answer {
        try session.withScope {
            session.assert(encoder.totalLength().le(session.context.int(totalSteps)))
            return answer(try session.check(budget: budget))
        }
    }

    /// The query restricted to paths of at most `steps` steps each: unsat there is a bounded result.
    package func checkEachPath(atMost steps: Int, budget: SolverBudget? = nil) throws -> Answer {
        try session.withScope {
            for path in encoder.paths { session.assert(path.length.le(session.context.int(steps))) }
            return answer(try session.check(budget: budget))
        }
    }

    /// Every path variable's path in `model`. Throws `EncodingError` for a model too large to
    /// decode, or with an integer no tree holds (beyond Int: Z3's integers are unbounded).
    package func paths(in model: PathModel) throws -> [DecodedPath] {
        do {
            return try CounterexampleDecoder(encoder: encoder).paths(in: model.model)
        } catch let error as Z3IntegerBeyondInt {
            throw EncodingError.undecodable("\(error)")
        }
    }

    /// Excludes `model`'s paths from later checks and asks for another model within `budget`.
    package func next(after model: PathModel, budget: SolverBudget) throws -> Answer {
        session.assert(try sameModel(model.model).not())
        return answer(try session.check(budget: budget))
    }

    /// The refutation's certificate: the query with `model`'s paths fixed, a script any solver
    /// answers `sat` at once.
    package func certificate(for model: PathModel) throws -> String {
        try session.withScope {
            session.assert(try sameModel(model.model))
            return try session.script()
        }
    }

    /// The model with the fewest steps in all, trying small totals first, then small values in it:
    /// a person reads a three-step path with slots 0 and 1, not forty steps. Each try spends at
    /// most `budget`.
    package func shrink(_ model: PathModel, budget: SolverBudget) throws -> PathModel {
        let context = session.context
        let total = encoder.totalLength()
        // A total beyond Int (Z3's integers are unbounded) tries every limit; decoding refuses it.
        let found: Int
        do { found = try model.model.int(of: total) } catch is Z3IntegerBeyondInt { found = .max }
        for limit in [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32] where limit <= found {
            let shrunk: PathModel? = try session.withScope {
                session.assert(total.le(context.int(limit)))
                guard case .sat(let shortest) = try session.check(budget: budget) else { return nil }
                // Renders realized from the paths alone hold no other views: prefer models whose
                // store agrees, so they replay.
                let minimal = context.const("shrink.minimalPresence", context.boolSort)
                if encoder.lemma.readsStore { session.assert(minimal.implies(encoder.minimalPresence())) }
                for bound in [1, 2, 3, 5] {
                    let small: Z3Model? = try session.withScope {
                        session.assert(try encoder.smallValues(bound))
                        if case .sat(let small) = try session.check(assumptions: [minimal], budget: budget) { return small }
                        if encoder.lemma.readsStore, case .sat(let small) = try session.check(budget: budget) { return small }
                        return nil
                    }
                    if let small { return PathModel(model: small) }
                }
                return PathModel(model: shortest)
            }
            if let shrunk { return shrunk }
        }
        return model
    }

    /// That the paths are exactly `model`'s (lengths, steps and leaves).
    private func sameModel(_ model: Z3Model) throws -> Z3Term {
        let context = session.context
        var same: [Z3Term] = []
        for path in encoder.paths {
            let length = try model.int(of: path.length)
            same.append(path.length.eq(context.int(length)))
            same.append(path.leafType.eq(try model.eval(path.leafType)))
            for index in 0..<length {
                let step = path.step(at: context.int(index))
                same.append(step.eq(try model.eval(step)))
            }
        }
        return context.and(same)
    }

    private func answer(_ answer: SolverSession.Answer) -> Answer {
        switch answer {
        case .unsat: return .unsat
        case .sat(let model): return .sat(PathModel(model: model))
        case .unknown(let reason): return .unknown(reason)
        }
    }
}

/// A Z3 model of a path-level query, opaque outside Encoding: read it with
/// `PathLevelQuery.paths(in:)`.
package struct PathModel {
    let model: Z3Model
}
