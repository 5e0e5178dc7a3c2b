import CZ3

/// A model of a satisfiable check: evaluates terms to values.
package final class Z3Model: CustomStringConvertible {
    /// The context that owns this model.
    package let context: Z3Context
    let raw: Z3_model

    init(context: Z3Context, raw: Z3_model) {
        self.context = context
        self.raw = raw
        context.retain(model: raw)
    }

    deinit {
        context.release(model: raw)
    }

    /// The value of `term` in this model. With `completion`, symbols the model leaves open get
    /// default values, so the result is a value (a literal, constructor term or sequence).
    package func eval(_ term: Z3Term, completion: Bool = true) throws -> Z3Term {
        try context.throwLatchedError()
        try context.requireOwn([term.context], "model_eval")
        var result: Z3_ast?
        let succeeded = try context.call("model_eval") { Z3_model_eval($0, raw, term.raw, completion, &result) }
        guard succeeded, let result else {
            throw Z3Error(code: .exception, message: "Z3 could not evaluate \(term)", operation: "model_eval")
        }
        return Z3Term(context: context, raw: result)
    }

    /// The value of the integer term `term`; throws `Z3IntegerBeyondInt` if it does not fit `Int`.
    package func int(of term: Z3Term) throws -> Int {
        guard case .int(let value) = try value(of: term) else {
            throw Z3Error(code: .sortError, message: "Z3Kit: \(term) is not an integer", operation: "model_int")
        }
        return value
    }

    /// The value of the Boolean term `term`.
    package func bool(of term: Z3Term) throws -> Bool {
        guard case .bool(let value) = try value(of: term) else {
            throw Z3Error(code: .sortError, message: "Z3Kit: \(term) is not a Boolean", operation: "model_bool")
        }
        return value
    }

    /// The value of `term`, decoded recursively into a `Z3Value`.
    package func value(of term: Z3Term) throws -> Z3Value {
        try Z3Value(try eval(term, completion: true))
    }

    /// The model in Z3's syntax, one `symbol -> value` per line.
    package var description: String {
        String(cString: Z3_model_to_string(context.raw, raw))
    }
}
