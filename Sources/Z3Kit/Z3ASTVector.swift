import CZ3

extension Z3Context {
    /// Runs one Z3 call returning an AST vector and copies it into reference-counted terms. The
    /// vector is released even when the call reports an error (Z3 may return one anyway).
    func terms(_ operation: String, _ body: (Z3_context) -> Z3_ast_vector?) throws -> [Z3Term] {
        let vector = body(raw)
        let failure = pendingError(operation)
        guard let vector else {
            throw failure ?? Z3Error(code: .exception, message: "Z3 returned null", operation: operation)
        }
        Z3_ast_vector_inc_ref(raw, vector)
        defer { Z3_ast_vector_dec_ref(raw, vector) }
        if let failure { throw failure }
        return (0..<Z3_ast_vector_size(raw, vector)).compactMap { index in
            Z3_ast_vector_get(raw, vector, index).map { Z3Term(context: self, raw: $0) }
        }
    }
}
