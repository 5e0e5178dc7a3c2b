/// One element of an identity: what a construct contributes to the identity of its children.
public enum PathElement: Hashable, Sendable, CustomStringConvertible {
    case slot(Int)
    case arm(Bool)
    case some
    case key(Key)
    case explicit(Key)
    case modifier(Modifier)
    /// Only under the `modifierValueInIdentity` mutation: a modifier together with its argument.
    case modifierValue(Modifier, Int)
    case erased(ViewType)
    /// A fresh identity that exists only in the render with this serial number.
    case opaque(generation: Int)
    case container(ContainerKind)
    /// The leaf's type, which ends every stateful view's identity.
    case type(ViewType)

    public var description: String {
        switch self {
        case .slot(let index): return "slot(\(index))"
        case .arm(let arm): return "arm(\(arm))"
        case .some: return "some"
        case .key(let key): return "key(\(key))"
        case .explicit(let key): return "explicit(\(key))"
        case .modifier(let modifier): return "mod(\(modifier))"
        case .modifierValue(let modifier, let value): return "mod(\(modifier)=\(value))"
        case .erased(let type): return "erased(\(type))"
        case .opaque(let generation): return "opaque(\(generation))"
        case .container(let container): return "container(\(container))"
        case .type(let type): return "type(\(type))"
        }
    }
}
