import Invalidation

/// A resolved term of an invalidation lemma. Paths are numbered in binder order; a property index
/// is an index variable bound by `forall k in p:`/`exists k in p:` over `0 ..< p.props`, or a literal.
package indirect enum InvalidationTerm: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case bool(Bool)
    case propertyKind(PropertyKind)
    case equality(ViewEquality)
    /// A property index used as an integer.
    case index(IndexTerm)
    /// `p.field` at `transition` (a pair of consecutive renders, numbered from 0).
    case view(path: Int, ViewField, transition: Int = 0)
    /// `p[k].field` at `transition`: false in any comparison when `k` is not below `p.props`.
    case property(path: Int, index: IndexTerm, PropertyField, transition: Int = 0)

    /// The sort of the term's value.
    package var sort: InvalidationSort {
        switch self {
        case .int, .index: return .int
        case .bool: return .bool
        case .propertyKind: return .propertyKind
        case .equality: return .equality
        case .view(_, let field, _): return field.sort
        case .property(_, _, let field, _): return field.sort
        }
    }

    package var description: String {
        switch self {
        case .int(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .propertyKind(let kind): return ".\(kind.rawValue)"
        case .equality(let equality): return ".\(equality.rawValue)"
        case .index(let index): return index.description
        case .view(let path, let field, let transition): return "p\(path).\(field.rawValue)\(InvalidationFormula.at(transition))"
        case .property(let path, let index, let field, let transition):
            return "p\(path)[\(index)].\(field.rawValue)\(InvalidationFormula.at(transition))"
        }
    }
}
