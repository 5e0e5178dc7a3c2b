import IdentityModel

/// The types of lemma terms.
package enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool, int, key, kind, viewType, modifier, container, source, elem, identity
    /// A step index bound by a quantifier over `path`; it compares with Int and other indices.
    case index(path: String)

    /// Whether values of this type are integers (Int or an index): the operands of `<` and `+`.
    package var isInteger: Bool {
        if case .index = self { return true }
        return self == .int
    }

    /// The enum cases of `kind`, `container` and `source`, as written after `.`; `nil` otherwise.
    package var enumCases: [String]? {
        switch self {
        case .kind: return StepKind.allCases.map(\.rawValue)
        case .container: return ContainerKind.allCases.map(\.rawValue)
        case .source: return KeySource.allCases.map(\.rawValue)
        default: return nil
        }
    }

    /// `Bool`, `Int`, `Key`, …, `Index(p)`.
    package var description: String {
        switch self {
        case .bool: return "Bool"
        case .int: return "Int"
        case .key: return "Key"
        case .kind: return "Kind"
        case .viewType: return "ViewType"
        case .modifier: return "Modifier"
        case .container: return "Container"
        case .source: return "Source"
        case .elem: return "Elem"
        case .identity: return "Identity"
        case .index(let path): return "Index(\(path))"
        }
    }
}
