import Encoding
import IdentityModel
import LemmaLogic

/// Identity (R1–R10): lemmas over paths (`LemmaSpec`, `PathLevelQuery`), replayed on realized
/// renders through the dynamic layer (`Replay`), resting on the reduction obligations.
package enum IdentitySemantics: ObligationLayer {
    package static let obligationsNoun = "reduction"
    package static let obligationKind = ObligationShortfall.Kind.reduction
    package static func name(of rules: RuleSet) -> String { rules.name }
    package static func id(of outcome: ObligationResult) -> String { outcome.obligation.id }
    package static func verdict(of outcome: ObligationResult) -> ObligationVerdict { outcome.verdict }
}

extension IdentitySemantics: Semantics {
    static let solverProof = UnknownReason.SolverProof.paths
    static let unsatSaid = "z3: unsat at the path level (all lengths)"
    static let replaySaid = "z3: counterexample, replayed on trees"
    static let disagreementSaid =
        "Z3 proved the lemma on paths and the reduction holds, but the explicit-state checker found a counterexample on trees"
    static let shortPathsShortfall: ObligationShortfall? = nil

    /// Decodes `model` into paths and replays them on trees (`Replay`). A model that did not fit
    /// because of AnyView's erased types is `refinable`: the query that says what they are may fit.
    static func replay(_ model: PathModel, of query: PathLevelQuery, lemma: LemmaSpec) throws -> ReplayVerdict {
        let paths: [DecodedPath]
        do {
            paths = try query.paths(in: model)
        } catch let error as EncodingError {
            return .undecodable("\(error)")
        }
        do {
            return .violated(try Replay.solverPaths(paths, lemma: lemma))
        } catch let error as ReplayError where error.isOverApproximation {
            if case .erasedTypes = error { return .notRealized(error.description, refinable: true) }
            return .notRealized(error.description, refinable: false)
        } catch let error as ReplayError {
            return .contradicts("\(error)")
        }
    }
}

extension PathLevelQuery: ModelQuery {}
