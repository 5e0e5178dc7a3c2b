/// A container view that lays out its content.
public enum ContainerKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case VStack, HStack, ZStack, LazyVStack, LazyHStack, List, Group

    public var description: String { rawValue }
}
