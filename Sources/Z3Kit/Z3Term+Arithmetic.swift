import CZ3

/// Integer arithmetic. A sort error (non-numeric operands) is latched in the context and thrown
/// by its next check, so an expression needs no `try`: `x + 1 < y * 2`.
extension Z3Term {
    /// `self + other`.
    package func add(_ other: Z3Term) -> Z3Term {
        let raws: [Z3_ast?] = [raw, other.raw]
        return combine("mk_add", [other]) { Z3_mk_add($0, 2, raws) }
    }

    /// `self - other`.
    package func sub(_ other: Z3Term) -> Z3Term {
        let raws: [Z3_ast?] = [raw, other.raw]
        return combine("mk_sub", [other]) { Z3_mk_sub($0, 2, raws) }
    }

    /// `self * other`.
    package func mul(_ other: Z3Term) -> Z3Term {
        let raws: [Z3_ast?] = [raw, other.raw]
        return combine("mk_mul", [other]) { Z3_mk_mul($0, 2, raws) }
    }

    /// Integer division `self div other` (SMT-LIB semantics: floor for positive divisors).
    package func div(_ other: Z3Term) -> Z3Term {
        combine("mk_div", [other]) { Z3_mk_div($0, raw, other.raw) }
    }

    /// `self mod other` (SMT-LIB semantics: never negative).
    package func mod(_ other: Z3Term) -> Z3Term {
        combine("mk_mod", [other]) { Z3_mk_mod($0, raw, other.raw) }
    }

    /// `-self`.
    package func negate() -> Z3Term {
        context.term("mk_unary_minus") { Z3_mk_unary_minus($0, raw) }
    }

    /// `self < other`.
    package func lt(_ other: Z3Term) -> Z3Term {
        combine("mk_lt", [other]) { Z3_mk_lt($0, raw, other.raw) }
    }

    /// `self ≤ other`.
    package func le(_ other: Z3Term) -> Z3Term {
        combine("mk_le", [other]) { Z3_mk_le($0, raw, other.raw) }
    }

    /// `self > other`.
    package func gt(_ other: Z3Term) -> Z3Term {
        combine("mk_gt", [other]) { Z3_mk_gt($0, raw, other.raw) }
    }

    /// `self ≥ other`.
    package func ge(_ other: Z3Term) -> Z3Term {
        combine("mk_ge", [other]) { Z3_mk_ge($0, raw, other.raw) }
    }

    package static func + (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.add(rhs) }
    package static func - (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.sub(rhs) }
    package static func * (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.mul(rhs) }
    package static func < (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.lt(rhs) }
    package static func <= (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.le(rhs) }
    package static func > (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.gt(rhs) }
    package static func >= (lhs: Z3Term, rhs: Z3Term) -> Z3Term { lhs.ge(rhs) }
    package static prefix func - (term: Z3Term) -> Z3Term { term.negate() }

    package static func + (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.add(lhs.context.int(rhs)) }
    package static func - (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.sub(lhs.context.int(rhs)) }
    package static func * (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.mul(lhs.context.int(rhs)) }
    package static func < (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.lt(lhs.context.int(rhs)) }
    package static func <= (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.le(lhs.context.int(rhs)) }
    package static func > (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.gt(lhs.context.int(rhs)) }
    package static func >= (lhs: Z3Term, rhs: Int) -> Z3Term { lhs.ge(lhs.context.int(rhs)) }
}
