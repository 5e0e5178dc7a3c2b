import CZ3

extension Z3Context {
    /// An uninterpreted constant `name` of `sort` (SMT-LIB `declare-const`).
    package func const(_ name: String, _ sort: Z3Sort) -> Z3Term {
        guard owns([sort.context], "mk_const"), let symbol = buildSymbol(name) else { return placeholder }
        return term("mk_const") { Z3_mk_const($0, symbol, sort.raw) }
    }

    /// A constant of `sort` whose name, starting with `prefix`, is distinct from all others.
    package func freshConst(_ prefix: String, _ sort: Z3Sort) -> Z3Term {
        guard owns([sort.context], "mk_fresh_const") else { return placeholder }
        return term("mk_fresh_const") { Z3_mk_fresh_const($0, prefix, sort.raw) }
    }

    /// The Boolean literal `value`.
    package func bool(_ value: Bool) -> Z3Term {
        term("mk_bool") { value ? Z3_mk_true($0) : Z3_mk_false($0) }
    }

    /// The integer literal `value`.
    package func int(_ value: Int) -> Z3Term {
        term("mk_int64") { Z3_mk_int64($0, Int64(value), rawIntSort) }
    }

    /// The conjunction of `terms` (`true` when empty).
    package func and(_ terms: [Z3Term]) -> Z3Term {
        guard owns(terms.map(\.context), "mk_and") else { return placeholder }
        let raws: [Z3_ast?] = terms.map(\.raw)
        return term("mk_and") { Z3_mk_and($0, UInt32(raws.count), raws) }
    }

    /// The disjunction of `terms` (`false` when empty).
    package func or(_ terms: [Z3Term]) -> Z3Term {
        guard owns(terms.map(\.context), "mk_or") else { return placeholder }
        let raws: [Z3_ast?] = terms.map(\.raw)
        return term("mk_or") { Z3_mk_or($0, UInt32(raws.count), raws) }
    }

    /// True when all `terms` are pairwise different.
    package func distinct(_ terms: [Z3Term]) -> Z3Term {
        guard owns(terms.map(\.context), "mk_distinct") else { return placeholder }
        let raws: [Z3_ast?] = terms.map(\.raw)
        return term("mk_distinct") { Z3_mk_distinct($0, UInt32(raws.count), raws) }
    }

    /// `if condition then thenTerm else elseTerm`.
    package func ite(_ condition: Z3Term, then thenTerm: Z3Term, else elseTerm: Z3Term) -> Z3Term {
        guard owns([condition.context, thenTerm.context, elseTerm.context], "mk_ite") else { return placeholder }
        return term("mk_ite") { Z3_mk_ite($0, condition.raw, thenTerm.raw, elseTerm.raw) }
    }
}

extension Z3Term {
    /// `self = other`; latches a sort error when the sorts differ.
    package func eq(_ other: Z3Term) -> Z3Term {
        combine("mk_eq", [other]) { Z3_mk_eq($0, raw, other.raw) }
    }

    /// `self ≠ other`; latches a sort error when the sorts differ.
    package func neq(_ other: Z3Term) -> Z3Term {
        context.distinct([self, other])
    }

    /// `¬self`.
    package func not() -> Z3Term {
        context.term("mk_not") { Z3_mk_not($0, raw) }
    }

    /// `self ∧ other`.
    package func and(_ other: Z3Term) -> Z3Term {
        context.and([self, other])
    }

    /// `self ∨ other`.
    package func or(_ other: Z3Term) -> Z3Term {
        context.or([self, other])
    }

    /// `self ⇒ other`.
    package func implies(_ other: Z3Term) -> Z3Term {
        combine("mk_implies", [other]) { Z3_mk_implies($0, raw, other.raw) }
    }

    /// `self ⇔ other`.
    package func iff(_ other: Z3Term) -> Z3Term {
        combine("mk_iff", [other]) { Z3_mk_iff($0, raw, other.raw) }
    }

    /// `¬term`.
    package static prefix func ! (term: Z3Term) -> Z3Term {
        term.not()
    }
}
