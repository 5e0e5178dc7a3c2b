/// A struct-valued stored property (`Range(lo: 1, hi: 2) == reads(lo)`): its type, its fields
/// (plain data or strings) and the fields its own `==` reads, `nil` when it declares none.
public struct StructureValue: Hashable, Sendable, CustomStringConvertible {
    /// The struct's type name.
    public var type: String
    /// Its fields, each `.plain` or `.text`.
    public var fields: [StoredProperty]
    /// The fields its own `==` reads, or `nil`.
    public var reads: [String]?

    /// Creates a struct value.
    public init(_ type: String, _ fields: [StoredProperty], reads: [String]? = nil) {
        self.type = type
        self.fields = fields
        self.reads = reads
    }

    /// `_isPOD` of the type: every field trivial plain data (a `String` field is not).
    public var isPOD: Bool { fields.allSatisfy(\.value.kind.isPOD) }

    /// The fields its `==` compares: those it reads, or every field without a custom `==`.
    public var comparedFields: [StoredProperty] {
        guard let reads else { return fields }
        return fields.filter { reads.contains($0.name) }
    }

    /// As Swift source: `Range(lo: 1, hi: 2)`.
    public var description: String { "\(type)(\(fields.map(\.description).joined(separator: ", ")))" }
}
