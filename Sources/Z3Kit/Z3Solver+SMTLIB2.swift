import CZ3

extension Z3Solver {
    /// A self-contained SMT-LIB 2 script of this solver's query: `(set-logic ALL)`, the
    /// declarations and assertions, then `(check-sat)` — or `(check-sat-assuming ...)` with the
    /// tracking literals and `assumptions`, so the script asks the same question as `check`.
    ///
    /// Z3 4.8.12's own printing is normalized to standard SMT-LIB (see `SMTLIB2Normalizer`), and its
    /// datatype declarations are put in dependency order (see `DatatypeDeclarationOrder`), so
    /// that both `z3` and `cvc5` read it. Run cvc5 (1.0.3) as
    /// `cvc5 --lang smt2 --strings-exp --fmf-fun --full-saturate-quant`: it rejects `seq.nth`
    /// without `--strings-exp`, answers `unknown` instead of `sat` when the script defines
    /// recursive functions without `--fmf-fun`, and `--fmf-fun` alone turns quantified `unsat`
    /// into `unknown` unless `--full-saturate-quant` is also given.
    package func smtlib2Script(assumptions: [Z3Term] = []) throws -> String {
        try context.throwLatchedError()
        try context.requireOwn(assumptions.map(\.context), "solver_to_string")
        // A fresh solver holding only the assertions: after a check, Z3 would also print its
        // model converter, which is not SMT-LIB. It must be a combined solver: a simple one
        // prints neither datatype declarations nor `seq.nth` (it writes `seq.nth_u`) correctly.
        // What was asserted as given (a simple solver's own list holds its rewritten formulas),
        // a tracked formula as Z3 asserts it, `literal ⇒ formula`.
        let copy = try Z3Solver(context)
        for (formula, literal) in asserted.joined() {
            copy.assert(literal.map { $0.implies(formula) } ?? formula)
        }
        try context.throwLatchedError()
        let printed = try context.call("solver_to_string") { Z3_solver_to_string($0, copy.raw) }
        let body = DatatypeDeclarationOrder.ordered(SMTLIB2Normalizer.normalize(printed.map { String(cString: $0) } ?? ""))
        let literals = trackingLiterals.joined().map(\.description) + assumptions.map(\.description)
        let check = literals.isEmpty ? "(check-sat)" : "(check-sat-assuming (\(literals.joined(separator: " "))))"
        return "(set-logic ALL)\n" + body + (body.hasSuffix("\n") ? "" : "\n") + check + "\n"
    }
}

extension Z3Context {
    /// Parses an SMT-LIB 2 script in this context and returns its assertions. Declarations and
    /// definitions (datatypes, recursive functions) take effect in this context; a malformed
    /// script throws a `.parserError` with Z3's message. Commands such as `(check-sat)` are not run.
    /// Z3 4.8.12 leaks ~400 bytes each time a script redefines a recursive function this context
    /// already has: parse such scripts into fresh contexts.
    package func parseSMTLIB2(_ script: String) throws -> [Z3Term] {
        try throwLatchedError()
        return try terms("parse_smtlib2_string") { Z3_parse_smtlib2_string($0, script, 0, nil, nil, 0, nil, nil) }
    }
}
