import Encoding

/// A layer of the model as the pipeline runs it: its lemma, its Z3 query and how a model of it is
/// replayed on trees, what Z3's unsat proves over, the obligations an unbounded verdict rests on
/// (`ObligationLayer`), and how its routes' answers are said. The scaffolding is written once over
/// it: the solver route's driver (`SolverDriver`), the replay contract (`ReplayVerdict`), the
/// bounded route's contract (`CheckerVerdict`), the verdict table (`VerdictTable`) and the
/// obligation sets (`ObligationSet`). Each layer's semantics, its Z3 copy and its replay stay its
/// own, so the agreement tests compare independent copies; a new layer (environment,
/// preferences, focus) is a new conforming type, not a copy of the pipeline.
protocol Semantics: ObligationLayer {
    /// The lemma as the routes read it.
    associatedtype Spec
    /// The lemma's negation in Z3.
    associatedtype Query: ModelQuery

    /// Decodes `model` of `query` and replays it on trees: only `.violated` refutes.
    static func replay(_ model: Query.Model, of query: Query, lemma: Spec) throws -> ReplayVerdict

    /// What Z3's unsat proves over.
    static var solverProof: UnknownReason.SolverProof { get }
    /// Z3's unsat, in words.
    static var unsatSaid: String { get }
    /// Z3's model, replayed as the layer replays it, in words.
    static var replaySaid: String { get }
    /// Z3's proof meeting a replayed counterexample of the checker, in words.
    static var disagreementSaid: String { get }
    /// Why Z3's unsat among short paths proves nothing in this layer; `nil` when it is a bounded
    /// proof (with the obligations proved).
    static var shortPathsShortfall: ObligationShortfall? { get }
}
