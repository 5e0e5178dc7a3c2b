/// A view type tag, such as `Counter` or `ModifiedContent<Counter, padding>`.
///
/// The model is type-equality based: two views have the same type iff their tags are equal.
public struct ViewType: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The tag's text.
    public var rawValue: String

    /// Creates a type tag from its text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a type tag from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    public static func < (lhs: ViewType, rhs: ViewType) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// The stateless leaf `Text`.
    public static let text: ViewType = "Text"
    /// The stateless leaf `Spacer`.
    public static let spacer: ViewType = "Spacer"
    /// The stateless leaf `EmptyView`, which renders nothing.
    public static let emptyView: ViewType = "EmptyView"
    /// The type every `AnyView` has statically.
    public static let anyView: ViewType = "AnyView"

    /// Whether a view of this type can hold state at the end of a path: a name (not `Foo Bar`, `""`
    /// or a built type's `ModifiedContent<…>`) that the render syntax does not read as a construct
    /// (`AnyView`, `ForEach`, `if`, a container); any other prints a tree that does not parse back.
    public var canBeStatefulLeaf: Bool {
        RenderLexer.isIdentifier(rawValue) && !["AnyView", "ForEach", "if"].contains(rawValue)
            && ContainerKind(rawValue: rawValue) == nil
    }
}
