import IdentityModel

/// The value of a lemma term on concrete trees.
package enum LogicValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case bool(Bool)
    case key(Key)
    case kind(StepKind)
    case viewType(ViewType)
    case modifier(Modifier)
    case container(ContainerKind)
    case source(KeySource)
    case elem(PathElement)
    case identity(Identity)

    package var description: String {
        switch self {
        case .int(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        case .key(let key): return key.description
        case .kind(let kind): return ".\(kind)"
        case .viewType(let type): return type.rawValue
        case .modifier(let modifier): return modifier.rawValue
        case .container(let container): return ".\(container)"
        case .source(let source): return ".\(source)"
        case .elem(let element): return element.description
        case .identity(let identity): return identity.description
        }
    }
}
