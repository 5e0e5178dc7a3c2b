/// The value of one stored property of a view, as the comparison sees it: its kind and the part of
/// it that a comparison can read.
public enum PropertyValue: Hashable, Sendable, CustomStringConvertible {
    /// Plain data (Int, Bool, Double, structs of them), abstracted to one number.
    case plain(Int)
    /// A `String` written as a literal (`title: "Milk"`): compared by value like `plain` (I3), but
    /// not POD (kind `text`), printed as the literal.
    case text(String)
    /// A closure; `capturesContext` is false for a closure that captures nothing (no context).
    case closure(capturesContext: Bool)
    /// A binding built with `Binding(get:set:)`, holding the value snapshot `value`.
    case manualBinding(value: Int)
    /// A binding projected from `@State`/`@Binding` with `$x`: its stored location and value snapshot.
    case projectedBinding(location: Int, value: Int)
    /// A binding projected through a key path or subscript key path (`$x.field`, `$set[isMember: k]`)
    /// from the base location `location`.
    case keyPathBinding(location: Int, keyPath: String, value: Int)
    /// A reference to the object `object`.
    case reference(object: Int)
    /// An `@ObservedObject`/`@Observable` dependency on the object `object`.
    case observed(object: Int)
    /// A reference to the object `object` of an `Equatable` class whose `==` compares `value`
    /// (its state when the comparison runs).
    case equatableReference(object: Int, value: Int)
    /// A struct value (`Range(lo: 1, hi: 2)`), with the fields its own `==` reads.
    case structure(StructureValue)

    /// The kind of the property.
    public var kind: PropertyKind {
        switch self {
        case .plain: return .plain
        case .text: return .text
        case .closure: return .closure
        case .manualBinding: return .manualBinding
        case .projectedBinding: return .projectedBinding
        case .keyPathBinding: return .keyPathBinding
        case .reference: return .reference
        case .observed: return .observed
        case .equatableReference: return .equatableReference
        case .structure(let value): return value.isPOD ? .podStructure : .structure
        }
    }

    /// The value as Swift source, as a parent's body would pass it: `18`, `{ … }`,
    /// `Binding(get: { … }, set: { … })`, `$state1`, `$state1[isMember: .recent]`, `object1`.
    public var description: String {
        switch self {
        case .plain(let value): return String(value)
        case .text(let text): return "\"\(text)\""
        case .closure(let captures): return captures ? "{ … }" : "{ }"
        case .manualBinding(let value): return "Binding(get: { \(value) }, set: { … })"
        case let .projectedBinding(location, _): return "$state\(location)"
        case let .keyPathBinding(location, keyPath, _):
            return "$state\(location)" + (keyPath.hasPrefix("[") ? keyPath : ".\(keyPath)")
        case .reference(let object): return "object\(object)"
        case .observed(let object): return "model\(object)"
        case .equatableReference(let object, _): return "object\(object)"
        case .structure(let value): return value.description
        }
    }
}

extension PropertyValue {
    /// The same property with the value snapshot `value` (a binding's; other kinds are unchanged).
    public func withSnapshot(_ value: Int) -> PropertyValue {
        switch self {
        case .manualBinding: return .manualBinding(value: value)
        case .projectedBinding(let location, _): return .projectedBinding(location: location, value: value)
        case .keyPathBinding(let location, let keyPath, _): return .keyPathBinding(location: location, keyPath: keyPath, value: value)
        default: return self
        }
    }
}
