import CZ3

/// A function declaration: uninterpreted, recursive (defined once with `define`), a datatype
/// constructor, tester or accessor. Reference counted and tied to its context.
package final class Z3FunctionDecl: CustomStringConvertible {
    /// The context that owns this declaration.
    package let context: Z3Context
    /// Whether this was declared with `Z3Context.recursiveFunction` and so can be `define`d.
    package let isRecursive: Bool
    let raw: Z3_func_decl
    private var isDefined = false

    init(context: Z3Context, raw: Z3_func_decl, isRecursive: Bool = false) {
        self.context = context
        self.raw = raw
        self.isRecursive = isRecursive
        context.retain(ast: Z3_func_decl_to_ast(context.raw, raw))
    }

    deinit {
        context.release(ast: Z3_func_decl_to_ast(context.raw, raw))
    }

    /// The declared name.
    package var name: String {
        String(cString: Z3_get_symbol_string(context.raw, Z3_get_decl_name(context.raw, raw)))
    }

    /// The number of arguments.
    package var arity: Int {
        Int(Z3_get_arity(context.raw, raw))
    }

    /// The declaration in SMT-LIB 2 syntax.
    package var description: String {
        String(cString: Z3_func_decl_to_string(context.raw, raw))
    }

    /// The application `self(arguments...)`; latches an error on a wrong number or sort of arguments.
    package func apply(_ arguments: [Z3Term]) -> Z3Term {
        guard context.owns(arguments.map(\.context), "mk_app") else { return context.placeholder }
        let raws: [Z3_ast?] = arguments.map(\.raw)
        return context.term("mk_app") { Z3_mk_app($0, raw, UInt32(raws.count), raws) }
    }

    /// The application `self(arguments...)`.
    package func callAsFunction(_ arguments: Z3Term...) -> Z3Term {
        apply(arguments)
    }

    /// Gives a recursive function its body: `self(parameters) = body`, where `parameters` are
    /// distinct constants that `body` refers to. Allowed once, and only for recursive functions;
    /// a misuse is latched in the context like a builder's error.
    package func define(parameters: [Z3Term], body: Z3Term) {
        let operation = "add_rec_def"
        guard context.owns(parameters.map(\.context) + [body.context], operation) else { return }
        guard isRecursive, !isDefined else {
            context.reject(.invalidUsage, "\(name) is \(isRecursive ? "already defined" : "not a recursive function")", operation)
            return
        }
        guard parameters.count == arity, parameters.allSatisfy(\.isUninterpretedConstant) else {
            context.reject(.invalidArgument, "\(name) needs \(arity) constants as parameters", operation)
            return
        }
        var raws: [Z3_ast?] = parameters.map(\.raw)
        Z3_add_rec_def(context.raw, raw, UInt32(raws.count), &raws, body.raw)
        if let error = context.pendingError(operation) { context.latch(error) }
        isDefined = true
    }
}

extension Z3Context {
    /// An uninterpreted function `name: domain → range`.
    package func function(_ name: String, domain: [Z3Sort], range: Z3Sort) -> Z3FunctionDecl {
        declare("mk_func_decl", name, domain: domain, range: range, recursive: false)
    }

    /// A recursive function `name: domain → range`; give its body with `define(parameters:body:)`.
    package func recursiveFunction(_ name: String, domain: [Z3Sort], range: Z3Sort) -> Z3FunctionDecl {
        declare("mk_rec_func_decl", name, domain: domain, range: range, recursive: true)
    }

    private func declare(
        _ operation: String, _ name: String, domain: [Z3Sort], range: Z3Sort, recursive: Bool
    ) -> Z3FunctionDecl {
        guard owns(domain.map(\.context) + [range.context], operation), let symbol = buildSymbol(name) else {
            return placeholderFunction
        }
        let raws: [Z3_sort?] = domain.map(\.raw)
        let decl = build(operation) {
            recursive
                ? Z3_mk_rec_func_decl($0, symbol, UInt32(raws.count), raws, range.raw)
                : Z3_mk_func_decl($0, symbol, UInt32(raws.count), raws, range.raw)
        }
        guard let decl else { return placeholderFunction }
        return Z3FunctionDecl(context: self, raw: decl, isRecursive: recursive)
    }

    /// What a declaration builder returns once an error is latched: the declaration of `true`.
    var placeholderFunction: Z3FunctionDecl {
        Z3FunctionDecl(context: self, raw: Z3_get_app_decl(raw, Z3_to_app(raw, rawPlaceholder)))
    }
}
