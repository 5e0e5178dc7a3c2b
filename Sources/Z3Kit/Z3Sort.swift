import CZ3

/// A Z3 sort (type), reference counted and tied to its context.
package final class Z3Sort: Equatable, CustomStringConvertible {
    /// The context that owns this sort.
    package let context: Z3Context
    let raw: Z3_sort

    init(context: Z3Context, raw: Z3_sort) {
        self.context = context
        self.raw = raw
        context.retain(ast: Z3_sort_to_ast(context.raw, raw))
    }

    deinit {
        context.release(ast: Z3_sort_to_ast(context.raw, raw))
    }

    /// The sort's name, e.g. `"Int"`, `"Seq"` or a datatype's name.
    package var name: String {
        String(cString: Z3_get_symbol_string(context.raw, Z3_get_sort_name(context.raw, raw)))
    }

    /// The sort in SMT-LIB 2 syntax, e.g. `(Seq Int)`.
    package var description: String {
        String(cString: Z3_sort_to_string(context.raw, raw))
    }

    /// Whether two sorts are the same sort of the same context.
    package static func == (lhs: Z3Sort, rhs: Z3Sort) -> Bool {
        lhs.context === rhs.context && Z3_is_eq_sort(lhs.context.raw, lhs.raw, rhs.raw)
    }
}

/// The sort builders latch their errors as term builders do; `Bool` is their placeholder.
extension Z3Context {
    /// A new uninterpreted sort (SMT-LIB `declare-sort`) named `name`.
    package func uninterpretedSort(_ name: String) -> Z3Sort {
        guard let symbol = buildSymbol(name) else { return boolSort }
        return Z3Sort(context: self, raw: build("mk_uninterpreted_sort") { Z3_mk_uninterpreted_sort($0, symbol) } ?? rawBoolSort)
    }

    /// The sort of finite sequences of `element`.
    package func seqSort(of element: Z3Sort) -> Z3Sort {
        guard owns([element.context], "mk_seq_sort") else { return boolSort }
        return Z3Sort(context: self, raw: build("mk_seq_sort") { Z3_mk_seq_sort($0, element.raw) } ?? rawBoolSort)
    }
}
