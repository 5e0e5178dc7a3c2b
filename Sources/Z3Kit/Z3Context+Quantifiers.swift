import CZ3

extension Z3Context {
    /// `∀ bound. body`, instantiated by E-matching on `patterns` (each pattern is a list of terms
    /// that together mention every bound constant, e.g. `[[f(x)]]`).
    package func forall(_ bound: [Z3Term], _ body: Z3Term, patterns: [[Z3Term]] = []) -> Z3Term {
        quantifier(universal: true, bound, body, patterns)
    }

    /// `∃ bound. body`, with optional `patterns` as for `forall`.
    package func exists(_ bound: [Z3Term], _ body: Z3Term, patterns: [[Z3Term]] = []) -> Z3Term {
        quantifier(universal: false, bound, body, patterns)
    }

    private func quantifier(universal: Bool, _ bound: [Z3Term], _ body: Z3Term, _ patterns: [[Z3Term]]) -> Z3Term {
        let operation = universal ? "mk_forall_const" : "mk_exists_const"
        guard owns(bound.map(\.context) + [body.context] + patterns.joined().map(\.context), operation) else {
            return placeholder
        }
        guard !bound.isEmpty, bound.allSatisfy(\.isUninterpretedConstant) else {
            reject(.invalidArgument, "bind at least one variable, each an uninterpreted constant", operation)
            return placeholder
        }
        let apps: [Z3_app?] = bound.map { Z3_to_app(raw, $0.raw) }
        var rawPatterns: [Z3_pattern?] = []
        defer { for case let pattern? in rawPatterns { Z3_dec_ref(raw, Z3_pattern_to_ast(raw, pattern)) } }
        for pattern in patterns {
            let terms: [Z3_ast?] = pattern.map(\.raw)
            guard let made = build("mk_pattern", { Z3_mk_pattern($0, UInt32(terms.count), terms) }) else {
                return placeholder
            }
            Z3_inc_ref(raw, Z3_pattern_to_ast(raw, made))
            rawPatterns.append(made)
        }
        return term(operation) {
            universal
                ? Z3_mk_forall_const($0, 0, UInt32(apps.count), apps, UInt32(rawPatterns.count), rawPatterns, body.raw)
                : Z3_mk_exists_const($0, 0, UInt32(apps.count), apps, UInt32(rawPatterns.count), rawPatterns, body.raw)
        }
    }
}
