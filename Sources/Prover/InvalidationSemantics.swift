import Encoding
import Invalidation
import LemmaLogic

/// Invalidation (I1–I12): lemmas over views (`InvalidationLemmaSpec`, `InvalidationQuery`),
/// replayed as trees through `BodyEvaluator` (`InvalidationReplay`), resting on the locality
/// obligations.
package enum InvalidationSemantics: ObligationLayer {
    package static let obligationsNoun = "invalidation locality"
    package static let obligationKind = ObligationShortfall.Kind.locality
    package static func name(of rules: InvalidationRules) -> String { rules.name }
    package static func id(of outcome: InvalidationObligationResult) -> String { outcome.obligation.id }
    package static func verdict(of outcome: InvalidationObligationResult) -> ObligationVerdict { outcome.verdict }
}

extension InvalidationSemantics: Semantics {
    static let solverProof = UnknownReason.SolverProof.views
    static let unsatSaid = "z3: unsat over views (any number of properties)"
    static let replaySaid = "z3: counterexample, replayed through BodyEvaluator"
    static let disagreementSaid = "Z3 proved the invalidation lemma, but the checker's trees refute it"
    static let shortPathsShortfall: ObligationShortfall? = .boundedInvalidationSearch

    /// Decodes `model` into views and replays them through `BodyEvaluator` (`InvalidationReplay`):
    /// views the trees realize but on which the lemma holds are an encoding error, said as such.
    /// A model with a revived view (`revived(p, r)`) is refused before it is decoded: the trees
    /// hold no lazy container, and the links no revival, so the replay could show only a new view.
    static func replay(_ model: InvalidationModel, of query: InvalidationQuery, lemma: InvalidationLemmaSpec) throws -> ReplayVerdict {
        if let revived = try query.revivedView(in: model) {
            return .notRealized("\(revivedView(revived, of: lemma)) is revived by a lazy container, which no tree holds", refinable: false)
        }
        let histories: [[ViewLink]]
        do {
            histories = try query.histories(in: model)
        } catch let error as EncodingError {
            return .undecodable("\(error)")
        }
        switch InvalidationReplay.run(lemma, histories: histories, origin: .z3) {
        case .violated(let counterexample):
            return .violated(counterexample)
        case .holds:
            return .contradicts("the lemma holds on its trees (\(histories.joined().map(\.description).joined(separator: "; ")))")
        case .notRealized(let reason):
            return .notRealized(reason, refinable: false)
        }
    }

    /// A revived view by the lemma's names: its path and the render it comes back in.
    static func revivedView(_ view: (path: Int, transition: Int), of lemma: InvalidationLemmaSpec) -> UnknownReason.RevivedView {
        UnknownReason.RevivedView(path: lemma.paths[view.path], render: lemma.renders[view.transition + 1])
    }
}

extension InvalidationQuery: ModelQuery {}
