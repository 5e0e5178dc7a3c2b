/// The description of one algebraic datatype, to be declared (alone or with mutually recursive
/// siblings) by `Z3Context.declareDatatypes`.
///
///     Z3DatatypeDeclaration("IntList", constructors: [
///         .init("nil"),
///         .init("cons", fields: [.init("head", ctx.intSort), .init("tail", datatype: "IntList")]),
///     ])
package struct Z3DatatypeDeclaration {
    /// A constructor with named fields.
    package struct Constructor {
        package let name: String
        package let fields: [Field]

        /// A constructor `name` with `fields` (none for a constant such as `nil`).
        package init(_ name: String, fields: [Field] = []) {
            self.name = name
            self.fields = fields
        }
    }

    /// A named field of a constructor.
    package struct Field {
        package let name: String
        package let sort: FieldSort

        /// A field of an existing sort.
        package init(_ name: String, _ sort: Z3Sort) {
            self.name = name
            self.sort = .sort(sort)
        }

        /// A field whose sort is the datatype `datatype` of the same declaration group.
        package init(_ name: String, datatype: String) {
            self.name = name
            self.sort = .datatype(datatype)
        }
    }

    /// A field's sort: an existing sort, or a datatype of the group being declared, by name.
    package enum FieldSort {
        case sort(Z3Sort)
        case datatype(String)
    }

    package let name: String
    package let constructors: [Constructor]

    /// A datatype `name` with `constructors`, in order.
    package init(_ name: String, constructors: [Constructor]) {
        self.name = name
        self.constructors = constructors
    }
}
