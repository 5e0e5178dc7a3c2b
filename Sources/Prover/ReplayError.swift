/// Why a counterexample could not be replayed on trees.
public enum ReplayError: Error, CustomStringConvertible {
    case unrealizable(String)
    case notViolated(String)
    case undefinedBehaviour(String)

    public var description: String {
        switch self {
        case .unrealizable(let why): return "cannot build trees for the counterexample: \(why)"
        case .notViolated(let why): return "the counterexample does not violate the lemma on trees: \(why)"
        case .undefinedBehaviour(let why): return "the counterexample's renders are undefined behaviour: \(why)"
        }
    }
}
