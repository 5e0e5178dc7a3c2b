/// An optional key of a JSON report written as `null` when absent, where a synthesized `Encodable`
/// would leave the key out: tools rely on every key being there. Here, the lowest module, so that
/// every report's shape uses it (`ExploreReport`, `RunCoverage.Options`, the JSON report); a key
/// absent when read back is `nil`, as a plain optional's.
@propertyWrapper
package struct ExplicitNull<Value: Encodable>: Encodable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension ExplicitNull: Decodable where Value: Decodable {
    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Sendable where Value: Sendable {}

extension KeyedDecodingContainer {
    /// A synthesized `Decodable` reads an `@ExplicitNull` key through this: absent is `nil`.
    package func decode<Value: Decodable>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
