/// The containers a `.container` step can be (`p[i].container`).
public enum ContainerKind: String, CaseIterable, Hashable, Sendable {
    case VStack, HStack, ZStack, LazyVStack, LazyHStack, List, Group
}
