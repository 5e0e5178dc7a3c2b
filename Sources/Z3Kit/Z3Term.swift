import CZ3

/// A Z3 term (expression or formula), reference counted and tied to its context.
///
/// Builders do not throw: when Z3 rejects a term, e.g. `x.eq(b)` with `x: Int` and `b: Bool`, the
/// error is latched in the context (see `Z3Context.latchedError`) and a placeholder returned.
package final class Z3Term: CustomStringConvertible {
    /// The context that owns this term.
    package let context: Z3Context
    let raw: Z3_ast

    init(context: Z3Context, raw: Z3_ast) {
        self.context = context
        self.raw = raw
        context.retain(ast: raw)
    }

    deinit {
        context.release(ast: raw)
    }

    /// Z3's number of the term: unique among its context's live terms, and reused after a release.
    var number: UInt32 { Z3_get_ast_id(context.raw, raw) }

    /// The term's sort.
    package var sort: Z3Sort {
        Z3Sort(context: context, raw: Z3_get_sort(context.raw, raw))
    }

    /// The term in SMT-LIB 2 syntax.
    package var description: String {
        String(cString: Z3_ast_to_string(context.raw, raw))
    }

    /// The declaration's name when the term is a constant (an application without arguments,
    /// such as `x`, `true` or a nullary constructor, but not a numeral); nil otherwise.
    package var name: String? {
        let ctx = context.raw
        guard Z3_get_ast_kind(ctx, raw) == Z3_APP_AST, let app = Z3_to_app(ctx, raw),
              Z3_get_app_num_args(ctx, app) == 0 else {
            return nil
        }
        return String(cString: Z3_get_symbol_string(ctx, Z3_get_decl_name(ctx, Z3_get_app_decl(ctx, app))))
    }

    /// The term simplified by Z3's rewriter, e.g. `(+ 1 2)` becomes `3`.
    package func simplify() -> Z3Term {
        context.term("simplify") { Z3_simplify($0, raw) }
    }

    /// Whether the term is an uninterpreted constant, as bound variables and parameters must be.
    var isUninterpretedConstant: Bool {
        let ctx = context.raw
        guard Z3_is_app(ctx, raw), let app = Z3_to_app(ctx, raw), Z3_get_app_num_args(ctx, app) == 0 else {
            return false
        }
        return Z3_get_decl_kind(ctx, Z3_get_app_decl(ctx, app)) == Z3_OP_UNINTERPRETED
    }

    /// Builds a term from this term and `others`, after checking they share its context.
    func combine(_ operation: String, _ others: [Z3Term], _ body: (Z3_context) -> Z3_ast?) -> Z3Term {
        guard context.owns(others.map(\.context), operation) else { return context.placeholder }
        return context.term(operation, body)
    }
}
