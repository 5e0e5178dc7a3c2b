/// An optional key of a JSON report written as `null` when absent, where a synthesized `Encodable`
/// would leave the key out: tools rely on every key being there.
@propertyWrapper
package struct ExplicitNull<Value: Encodable>: Encodable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
