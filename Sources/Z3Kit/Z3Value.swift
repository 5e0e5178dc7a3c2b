import CZ3

/// A model value decoded into Swift.
package enum Z3Value: Equatable, Sendable {
    case bool(Bool)
    case int(Int)
    /// A datatype value: its constructor's name and its fields, in declaration order.
    indirect case datatype(constructor: String, fields: [Z3Value])
    case sequence([Z3Value])
    /// An element of an uninterpreted sort, as Z3 names it, e.g. `"Node!val!0"`.
    case uninterpreted(String)

    /// Decodes a value term (as returned by `Z3Model.eval` with completion). Sequences are read
    /// from the `seq.empty`, `seq.unit` and `seq.++` applications Z3 builds them from. An integer
    /// that does not fit `Int` throws `Z3IntegerBeyondInt`, any other shape a `Z3Error`. Throws the
    /// context's latched error first, if any: the term may be a placeholder.
    package init(_ term: Z3Term) throws {
        try term.context.throwLatchedError()
        let ctx = term.context.raw
        let raw = term.raw
        let kind = Z3_get_sort_kind(ctx, Z3_get_sort(ctx, raw))
        switch kind {
        case Z3_BOOL_SORT:
            switch Z3_get_bool_value(ctx, raw) {
            case Z3_L_TRUE: self = .bool(true)
            case Z3_L_FALSE: self = .bool(false)
            default: throw Self.undecodable(term, "a Boolean literal")
            }
        case Z3_INT_SORT:
            var value: Int64 = 0
            guard Z3_is_numeral_ast(ctx, raw) else { throw Self.undecodable(term, "an integer literal") }
            guard Z3_get_numeral_int64(ctx, raw, &value) else { throw Z3IntegerBeyondInt(literal: "\(term)") }
            self = .int(Int(value))
        case Z3_DATATYPE_SORT:
            let (decl, arguments) = try Self.application(term, "a constructor application")
            guard Z3_get_decl_kind(ctx, decl) == Z3_OP_DT_CONSTRUCTOR else {
                throw Self.undecodable(term, "a constructor application")
            }
            self = .datatype(
                constructor: String(cString: Z3_get_symbol_string(ctx, Z3_get_decl_name(ctx, decl))),
                fields: try arguments.map(Z3Value.init)
            )
        case Z3_SEQ_SORT:
            self = .sequence(try Self.elements(of: term))
        case Z3_UNINTERPRETED_SORT:
            self = .uninterpreted(term.description)
        default:
            throw Self.undecodable(term, "a Bool, Int, datatype, sequence or uninterpreted value")
        }
    }

    /// The elements of a sequence value built from `seq.empty`, `seq.unit` and `seq.++`.
    private static func elements(of term: Z3Term) throws -> [Z3Value] {
        let (decl, arguments) = try application(term, "a sequence value")
        switch Z3_get_decl_kind(term.context.raw, decl) {
        case Z3_OP_SEQ_EMPTY:
            return []
        case Z3_OP_SEQ_UNIT where arguments.count == 1:
            return [try Z3Value(arguments[0])]
        case Z3_OP_SEQ_CONCAT:
            return try arguments.flatMap(elements(of:))
        default:
            throw undecodable(term, "a sequence of seq.empty, seq.unit and seq.++")
        }
    }

    /// The declaration and arguments of `term`, which must be an application.
    private static func application(_ term: Z3Term, _ expected: String) throws -> (Z3_func_decl, [Z3Term]) {
        let ctx = term.context.raw
        guard Z3_is_app(ctx, term.raw), let app = Z3_to_app(ctx, term.raw), let decl = Z3_get_app_decl(ctx, app) else {
            throw undecodable(term, expected)
        }
        let arguments = (0..<Z3_get_app_num_args(ctx, app)).compactMap { index in
            Z3_get_app_arg(ctx, app, index).map { Z3Term(context: term.context, raw: $0) }
        }
        return (decl, arguments)
    }

    private static func undecodable(_ term: Z3Term, _ expected: String) -> Z3Error {
        Z3Error(code: .invalidArgument, message: "Z3Kit: \(term) is not \(expected)", operation: "decode_value")
    }
}
