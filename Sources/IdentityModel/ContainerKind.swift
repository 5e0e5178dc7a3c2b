/// A container view that lays out its content.
public enum ContainerKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case VStack, HStack, ZStack, LazyVStack, LazyHStack, List, Group

    /// Whether the container creates its children lazily and may retain or evict them (R7, R9).
    public var isLazy: Bool {
        switch self {
        case .LazyVStack, .LazyHStack, .List: return true
        case .VStack, .HStack, .ZStack, .Group: return false
        }
    }

    public var description: String { rawValue }
}
