/// What one check of a lemma's query answered, in any layer.
package enum QueryAnswer<Model> {
    /// No counterexample among what the check searched.
    case unsat
    /// A model of the negated lemma, opaque outside Encoding.
    case sat(Model)
    /// Z3 stopped without an answer (why, naming the budget that ran out).
    case unknown(SolverStop)
}

/// A lemma's negation in its own `SolverSession`, as the solver route drives it in any layer
/// (`PathLevelQuery`, `InvalidationQuery`): check it, and shrink, block and certify its models.
/// What a model means (paths, views) stays the layer's: it is decoded and replayed by the layer.
package protocol ModelQuery: AnyObject {
    associatedtype Model
    /// The query as a self-contained SMT-LIB 2 script, when it was asked for.
    var script: String? { get }
    /// Z3's resource count of the last check.
    var lastResourceCount: Int? { get }
    /// The full query, within `budget` (`nil`: the session's).
    func check(budget: SolverBudget?) throws -> QueryAnswer<Model>
    /// A smaller model of the query, each try within `budget`; `model` when none is found.
    func shrink(_ model: Model, budget: SolverBudget) throws -> Model
    /// Excludes `model` from later checks and asks for another within `budget`.
    func next(after model: Model, budget: SolverBudget) throws -> QueryAnswer<Model>
    /// The refutation's certificate: the query with `model` fixed, a script any solver answers `sat`.
    func certificate(for model: Model) throws -> String
}
