/// A view modifier tag, such as `padding` or `matchedGeometryEffect`.
///
/// A modifier wraps its content in `ModifiedContent`; its argument is a dynamic value that never
/// changes identity (R2, R10).
public struct Modifier: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The modifier's name as written after the dot.
    public var rawValue: String

    /// Creates a modifier tag from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a modifier tag from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    public static func < (lhs: Modifier, rhs: Modifier) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// `.padding(_:)`.
    public static let padding: Modifier = "padding"
    /// `.matchedGeometryEffect(id:in:)` (R10).
    public static let matchedGeometryEffect: Modifier = "matchedGeometryEffect"

    /// `.environment(\.key, v)`: `_EnvironmentKeyWritingModifier`, one static type per key.
    public static func environment(_ key: String) -> Modifier { Modifier("environment(\\.\(key))") }

    /// `.environmentObject(model(n) as T)`: an environment object, found by its type `T`.
    public static func environmentObject(_ type: String) -> Modifier { Modifier("environmentObject(\(type))") }

    /// The type an `.environmentObject(model(n) as T)` modifier writes, or `nil` for any other modifier.
    public var environmentObjectType: String? {
        guard rawValue.hasPrefix("environmentObject("), rawValue.hasSuffix(")") else { return nil }
        return String(rawValue.dropFirst("environmentObject(".count).dropLast())
    }

    /// Whether a render can write this modifier and read it back (`RenderPrinter`, `RenderParser`):
    /// a name (not `a b` or `""`) other than the ones the syntax reads as something else (`id`,
    /// `environment`, `environmentObject`), or an environment write or object of such a name.
    public var isWritable: Bool {
        if let key = environmentKey { return RenderLexer.isIdentifier(key) }
        if let type = environmentObjectType { return RenderLexer.isIdentifier(type) }
        return RenderLexer.isIdentifier(rawValue) && !["id", "environment", "environmentObject"].contains(rawValue)
    }

    /// The key an `.environment(\.key, v)` modifier writes, or `nil` for any other modifier.
    public var environmentKey: String? {
        guard rawValue.hasPrefix("environment(\\."), rawValue.hasSuffix(")") else { return nil }
        return String(rawValue.dropFirst("environment(\\.".count).dropLast())
    }
}
