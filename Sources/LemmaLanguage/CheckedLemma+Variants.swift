extension CheckedLemma {
    /// The lemma as written without the assumptions at `indices` (0-based). Leaving an assumption
    /// out leaves every other formula in the position it had, so the result passes the checks the
    /// lemma passed; it is lowered again like any lemma, so a path an `exists q` of a dropped
    /// assumption introduced goes with it. `nil` for an invalidation lemma (its statement is
    /// about views; explain does not apply to it).
    public func withoutAssumptions(_ indices: Set<Int>) -> CheckedLemma? {
        guard var statement = identity else { return nil }
        var variant = self
        variant.name = "\(name).without\(indices.sorted().map { String($0 + 1) }.joined(separator: "_"))"
        statement.assumptions = statement.assumptions.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        variant.statement = .identity(statement)
        return variant
    }

    /// The lemma as written with assumption `index` (0-based) replaced by its negation `!A`, or the
    /// diagnostic of the fragment check the negation fails (E060): `!` swaps which path quantifiers
    /// are universal, so one that was a path of the lemma needs a path chosen after the
    /// counterexample's. (It never adds a path: a quantifier the negation makes universal was
    /// existential, which the lemma could not have stated.) `nil` for an invalidation lemma.
    public func negatingAssumption(_ index: Int) -> Result<CheckedLemma, VariantRejected>? {
        guard var statement = identity else { return nil }
        let written = statement.assumptions[index]
        statement.assumptions[index] = CheckedFormula(.not(written), range: written.range)
        var fragment = PathQuantifierFragment()
        fragment.visit(statement.assumptions[index], positive: false)
        if let first = fragment.diagnostics.first { return .failure(VariantRejected(diagnostic: first)) }
        var variant = self
        variant.name = "\(name).negated\(index + 1)"
        variant.statement = .identity(statement)
        return .success(variant)
    }

    /// Why a variant of a lemma is not a lemma the prover accepts: the first diagnostic it gets.
    public struct VariantRejected: Error, Sendable {
        public var diagnostic: Diagnostic
    }
}
