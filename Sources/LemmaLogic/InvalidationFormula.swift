/// A resolved formula of an invalidation lemma: about the last custom view of each path in the
/// later of two renders, its parent's evaluation and its identity's survival.
public indirect enum InvalidationFormula: Hashable, Sendable, CustomStringConvertible {
    case constant(Bool)
    case not(InvalidationFormula)
    case and([InvalidationFormula])
    case or([InvalidationFormula])
    case implies(InvalidationFormula, InvalidationFormula)
    /// `exists`/`forall` property index `variable` in `0 ..< props(path)`.
    case exists(variable: Int, path: Int, InvalidationFormula)
    case forall(variable: Int, path: Int, InvalidationFormula)
    case compare(Comparison, InvalidationTerm, InvalidationTerm)
    /// `evaluated(p, after)`: the view's body runs in the later render.
    case evaluated(Int)
    /// `parentEvaluated(p, after)`: the body of the view's parent runs in the later render.
    case parentEvaluated(Int)
    /// `rendered(p, before)`: the view's identity was in the earlier render (it survives, I1).
    case survives(Int)

    public var description: String {
        switch self {
        case .constant(let value): return "\(value)"
        case .not(let body): return "!(\(body))"
        case .and(let parts): return parts.isEmpty ? "true" : "(" + parts.map(\.description).joined(separator: " && ") + ")"
        case .or(let parts): return parts.isEmpty ? "false" : "(" + parts.map(\.description).joined(separator: " || ") + ")"
        case .implies(let lhs, let rhs): return "(\(lhs) => \(rhs))"
        case .exists(let variable, let path, let body): return "(exists i\(variable) in p\(path): \(body))"
        case .forall(let variable, let path, let body): return "(forall i\(variable) in p\(path): \(body))"
        case .compare(let op, let lhs, let rhs): return "\(lhs) \(op.rawValue) \(rhs)"
        case .evaluated(let path): return "evaluated(p\(path))"
        case .parentEvaluated(let path): return "parentEvaluated(p\(path))"
        case .survives(let path): return "survives(p\(path))"
        }
    }
}
