import Z3Kit

/// `mapE` is pointwise: `len(mapE(s)) = len(s)` and `nth(mapE(s), i) = E(nth(s, i))` for
/// `0 <= i < len(s)`, by induction on `s`. This justifies the path level's identity function
/// `identity(i) = E(step(i))` (LemmaEncoder) for the `mapE` of the locality theorem.
extension ObligationQuery {
    func mapPointwise(_ inductionCase: InductionCase) throws {
        let i = vocabulary.constant("i", context.intSort)
        if inductionCase == .prepend {
            let x = vocabulary.constant("x", vocabulary.identity.step.sort)
            let s = vocabulary.constant("s", vocabulary.stepsSort)
            let prepended = context.concat([context.unitSequence(x), s])
            let mapped = try mapPrepending(x, to: s)
            assert(try pointwise(s, vocabulary.mapE(s), at: i - 1))
            prove(try pointwise(prepended, mapped, at: i))
        } else {
            let empty = context.emptySequence(of: vocabulary.identity.step.sort)
            prove(try pointwise(empty, mapEmpty(), at: i))
        }
    }

    /// The statement for `s`, whose map is `mapped`, at index `i`.
    private func pointwise(_ s: Z3Term, _ mapped: Z3Term, at i: Z3Term) throws -> Z3Term {
        let inRange = (i >= 0).and(i.lt(s.length()))
        let atIndex = mapped.nth(i).eq(try element(of: s.nth(i)))
        return context.and([mapped.length().eq(s.length()), inRange.implies(atIndex)])
    }
}
