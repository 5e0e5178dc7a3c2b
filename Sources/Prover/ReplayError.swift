/// Why a counterexample could not be replayed on trees.
package enum ReplayError: Error, CustomStringConvertible {
    /// No renders realize the paths (the path level over-approximates trees): try another model.
    case unrealizable(String)
    /// The realized AnyViews wrap contents of other types than the model's erased types say (the
    /// path level leaves them free, or free off the paths: Encoding's `ContentTypes`): try another
    /// model, or the query that says what the erased types are.
    case erasedTypes(String)
    /// The realized renders are undefined behaviour (duplicate keys, …): try another model.
    case undefinedBehaviour(String)
    /// The renders realize the paths but the lemma holds on them: the encoding and the semantics
    /// disagree, which is a bug.
    case notViolated(String)

    /// Whether another model may replay (as opposed to a disagreement that must be reported).
    package var isOverApproximation: Bool {
        switch self {
        case .unrealizable, .erasedTypes, .undefinedBehaviour: return true
        case .notViolated: return false
        }
    }

    package var description: String {
        switch self {
        case .unrealizable(let why): return "cannot build trees for the counterexample: \(why)"
        case .erasedTypes(let paths): return "cannot build trees for the counterexample: AnyView content types do not match: \(paths)"
        case .notViolated(let why): return "the counterexample does not violate the lemma on trees: \(why)"
        case .undefinedBehaviour(let why): return "the counterexample's renders are undefined behaviour: \(why)"
        }
    }
}
