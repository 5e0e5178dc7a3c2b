/// The description of one algebraic datatype, to be declared (alone or with mutually recursive
/// siblings) by `Z3Context.declareDatatypes`.
///
///     Z3DatatypeDeclaration("IntList", constructors: [
///         .init("nil"),
///         .init("cons", fields: [.init("head", ctx.intSort), .init("tail", datatype: "IntList")]),
///     ])
public struct Z3DatatypeDeclaration {
    /// A constructor with named fields.
    public struct Constructor {
        public let name: String
        public let fields: [Field]

        /// A constructor `name` with `fields` (none for a constant such as `nil`).
        public init(_ name: String, fields: [Field] = []) {
            self.name = name
            self.fields = fields
        }
    }

    /// A named field of a constructor.
    public struct Field {
        public let name: String
        public let sort: FieldSort

        /// A field of an existing sort.
        public init(_ name: String, _ sort: Z3Sort) {
            self.name = name
            self.sort = .sort(sort)
        }

        /// A field whose sort is the datatype `datatype` of the same declaration group.
        public init(_ name: String, datatype: String) {
            self.name = name
            self.sort = .datatype(datatype)
        }
    }

    /// A field's sort: an existing sort, or a datatype of the group being declared, by name.
    public enum FieldSort {
        case sort(Z3Sort)
        case datatype(String)
    }

    public let name: String
    public let constructors: [Constructor]

    /// A datatype `name` with `constructors`, in order.
    public init(_ name: String, constructors: [Constructor]) {
        self.name = name
        self.constructors = constructors
    }
}
