/// Why a lemma or rule set could not be turned into Z3 terms.
package enum EncodingError: Error, Equatable, CustomStringConvertible {
    /// The rule set's identity is not a pointwise map of path steps, so the path level cannot express it.
    case notLocal(rules: String)
    /// A model value did not have the expected shape.
    case undecodable(String)

    package var description: String {
        switch self {
        case .notLocal(let rules):
            return "rule set \(rules) is not local (identity is not a map of path steps): only the bounded checker applies"
        case .undecodable(let what): return "cannot decode \(what) from the model"
        }
    }
}
