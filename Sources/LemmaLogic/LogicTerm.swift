import IdentityModel

/// A step index: a quantified index variable plus a constant offset (`i`, `i + 1`), or a literal.
package struct IndexTerm: Hashable, Sendable, CustomStringConvertible {
    /// The index variable (its position among the lemma's index variables), or `nil` for a literal.
    package var variable: Int?
    /// The constant added to the variable, or the literal itself.
    package var offset: Int

    /// The index variable `variable`, shifted by `offset`.
    package static func variable(_ variable: Int, offset: Int = 0) -> IndexTerm { IndexTerm(variable: variable, offset: offset) }

    /// A literal index.
    package static func literal(_ value: Int) -> IndexTerm { IndexTerm(variable: nil, offset: value) }

    package var description: String {
        guard let variable else { return "\(offset)" }
        if offset == 0 { return "i\(variable)" }
        return offset < 0 ? "i\(variable) - \(-offset)" : "i\(variable) + \(offset)"
    }
}

/// A resolved, sorted term of a lemma. Paths are numbered in binder order.
package indirect enum LogicTerm: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case bool(Bool)
    case key(Key)
    case kind(StepKind)
    case viewType(ViewType)
    case modifier(Modifier)
    case container(ContainerKind)
    case source(KeySource)
    /// An index variable used as an integer (`i < p.length`).
    case index(IndexTerm)
    /// `p.field`.
    case pathField(path: Int, PathField)
    /// `p[index].field`: defined only when the step exists and has that field.
    case stepField(path: Int, index: IndexTerm, StepField)
    /// `elem(p, index)`: defined only when the step exists.
    case elem(path: Int, index: IndexTerm)
    /// An Int term plus a constant (`q.length + 1`): defined where the term is.
    case shifted(LogicTerm, Int)

    /// The sort of the term's value.
    package var sort: LogicSort {
        switch self {
        case .int, .index, .shifted: return .int
        case .bool: return .bool
        case .key: return .key
        case .kind: return .kind
        case .viewType: return .viewType
        case .modifier: return .modifier
        case .container: return .container
        case .source: return .source
        case .pathField(_, let field): return field.sort
        case .stepField(_, _, let field): return field.sort
        case .elem: return .elem
        }
    }

    package var description: String {
        switch self {
        case .int(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .key(let key): return key.description
        case .kind(let kind): return ".\(kind)"
        case .viewType(let type): return "\"\(type)\""
        case .modifier(let modifier): return "\"\(modifier)\""
        case .container(let container): return ".\(container)"
        case .source(let source): return ".\(source)"
        case .index(let index): return index.description
        case .pathField(let path, let field): return "p\(path).\(field.rawValue)"
        case .shifted(let term, let amount): return amount < 0 ? "\(term) - \(-amount)" : "\(term) + \(amount)"
        case .stepField(let path, let index, let field): return "p\(path)[\(index)].\(field.rawValue)"
        case .elem(let path, let index): return "elem(p\(path), \(index))"
        }
    }
}
