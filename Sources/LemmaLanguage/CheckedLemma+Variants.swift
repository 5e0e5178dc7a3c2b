extension CheckedLemma {
    /// The lemma as written without the assumptions at `indices` (0-based). Leaving an assumption
    /// out leaves every other formula in the position it had, so the result passes the checks the
    /// lemma passed; it is lowered again like any lemma, so a path an `exists q` of a dropped
    /// assumption introduced goes with it. An invalidation lemma's structure (`childOf`) is not
    /// among its assumptions and stays.
    package func withoutAssumptions(_ indices: Set<Int>) -> CheckedLemma {
        var variant = self
        variant.name = "\(name).without\(indices.sorted().map { String($0 + 1) }.joined(separator: "_"))"
        func kept<T>(_ items: [T]) -> [T] { items.enumerated().filter { !indices.contains($0.offset) }.map(\.element) }
        switch statement {
        case .identity(var identity):
            identity.assumptions = kept(identity.assumptions)
            variant.statement = .identity(identity)
        case .invalidation(var invalidation):
            invalidation.assumptions = kept(invalidation.assumptions)
            invalidation.writtenAssumptions = kept(invalidation.writtenAssumptions)
            variant.statement = .invalidation(invalidation.namingOnlyWhatItsFormulasName())
        }
        return variant
    }

    /// The lemma as written with assumption `index` (0-based) replaced by its negation `!A`, or the
    /// diagnostic of the fragment check the negation fails (E060): `!` swaps which path quantifiers
    /// are universal, so one that was a path of the lemma needs a path chosen after the
    /// counterexample's. (It never adds a path: a quantifier the negation makes universal was
    /// existential, which the lemma could not have stated.) An invalidation lemma's formulas have
    /// no path quantifiers (`InvalidationFormulaChecker`), so their negation is always one.
    package func negatingAssumption(_ index: Int) -> Result<CheckedLemma, VariantRejected> {
        var variant = self
        variant.name = "\(name).negated\(index + 1)"
        switch statement {
        case .identity(var identity):
            let written = identity.assumptions[index]
            identity.assumptions[index] = CheckedFormula(.not(written), range: written.range)
            var fragment = PathQuantifierFragment()
            fragment.visit(identity.assumptions[index], positive: false)
            if let first = fragment.diagnostics.first { return .failure(VariantRejected(diagnostic: first)) }
            variant.statement = .identity(identity)
        case .invalidation(var invalidation):
            invalidation.assumptions[index] = .not(invalidation.assumptions[index])
            let written = invalidation.writtenAssumptions[index]
            invalidation.writtenAssumptions[index] = Located("(!\(written.value))", at: written.range)
            variant.statement = .invalidation(invalidation)
        }
        return .success(variant)
    }

    /// Why a variant of a lemma is not a lemma the prover accepts: the first diagnostic it gets.
    package struct VariantRejected: Error, Sendable {
        package var diagnostic: Diagnostic
    }
}
