import CZ3

extension Z3Context {
    /// An uninterpreted constant `name` of `sort` (SMT-LIB `declare-const`).
    package func const(_ name: String, _ sort: Z3Sort) throws -> Z3Term {
        try requireOwn([sort.context], "mk_const")
        let symbol = try symbol(name)
        return try term("mk_const") { Z3_mk_const($0, symbol, sort.raw) }
    }

    /// A constant of `sort` whose name, starting with `prefix`, is distinct from all others.
    package func freshConst(_ prefix: String, _ sort: Z3Sort) throws -> Z3Term {
        try requireOwn([sort.context], "mk_fresh_const")
        return try term("mk_fresh_const") { Z3_mk_fresh_const($0, prefix, sort.raw) }
    }

    /// The Boolean literal `value`.
    package func bool(_ value: Bool) throws -> Z3Term {
        try term("mk_bool") { value ? Z3_mk_true($0) : Z3_mk_false($0) }
    }

    /// The integer literal `value`.
    package func int(_ value: Int) throws -> Z3Term {
        try term("mk_int64") { Z3_mk_int64($0, Int64(value), rawIntSort) }
    }

    /// The conjunction of `terms` (`true` when empty).
    package func and(_ terms: [Z3Term]) throws -> Z3Term {
        try requireOwn(terms.map(\.context), "mk_and")
        let raws: [Z3_ast?] = terms.map(\.raw)
        return try term("mk_and") { Z3_mk_and($0, UInt32(raws.count), raws) }
    }

    /// The disjunction of `terms` (`false` when empty).
    package func or(_ terms: [Z3Term]) throws -> Z3Term {
        try requireOwn(terms.map(\.context), "mk_or")
        let raws: [Z3_ast?] = terms.map(\.raw)
        return try term("mk_or") { Z3_mk_or($0, UInt32(raws.count), raws) }
    }

    /// True when all `terms` are pairwise different.
    package func distinct(_ terms: [Z3Term]) throws -> Z3Term {
        try requireOwn(terms.map(\.context), "mk_distinct")
        let raws: [Z3_ast?] = terms.map(\.raw)
        return try term("mk_distinct") { Z3_mk_distinct($0, UInt32(raws.count), raws) }
    }

    /// `if condition then thenTerm else elseTerm`.
    package func ite(_ condition: Z3Term, then thenTerm: Z3Term, else elseTerm: Z3Term) throws -> Z3Term {
        try requireOwn([condition.context, thenTerm.context, elseTerm.context], "mk_ite")
        return try term("mk_ite") { Z3_mk_ite($0, condition.raw, thenTerm.raw, elseTerm.raw) }
    }
}

extension Z3Term {
    /// `self = other`; throws a sort error when the sorts differ.
    package func eq(_ other: Z3Term) throws -> Z3Term {
        try combine("mk_eq", [other]) { Z3_mk_eq($0, raw, other.raw) }
    }

    /// `self ≠ other`; throws a sort error when the sorts differ.
    package func neq(_ other: Z3Term) throws -> Z3Term {
        try context.distinct([self, other])
    }

    /// `¬self`.
    package func not() throws -> Z3Term {
        try context.term("mk_not") { Z3_mk_not($0, raw) }
    }

    /// `self ∧ other`.
    package func and(_ other: Z3Term) throws -> Z3Term {
        try context.and([self, other])
    }

    /// `self ∨ other`.
    package func or(_ other: Z3Term) throws -> Z3Term {
        try context.or([self, other])
    }

    /// `self ⇒ other`.
    package func implies(_ other: Z3Term) throws -> Z3Term {
        try combine("mk_implies", [other]) { Z3_mk_implies($0, raw, other.raw) }
    }

    /// `self ⇔ other`.
    package func iff(_ other: Z3Term) throws -> Z3Term {
        try combine("mk_iff", [other]) { Z3_mk_iff($0, raw, other.raw) }
    }

    /// `¬term`.
    package static prefix func ! (term: Z3Term) throws -> Z3Term {
        try term.not()
    }
}
