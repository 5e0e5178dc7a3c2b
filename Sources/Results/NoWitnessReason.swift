/// Why `--example` shows no trees on which a lemma's assumptions all hold, typed until
/// `ReasonText` says it; each case has a stable code (README.md, "Reason codes").
package enum NoWitnessReason: Sendable {
    /// Z3 proves that no paths satisfy the assumptions together, and the reduction (or, for an
    /// invalidation lemma, realizability and locality) carries that to trees: the lemma is vacuous.
    case vacuous
    /// Z3 proves it at the path level, but the rules are outside the fragment (`why`), so that
    /// says nothing of trees, and no trees were found.
    case outsideFragment(String)
    /// Z3 proves it at the path level, but the obligations that would carry it to trees fall
    /// short, and no trees were found.
    case obligationsFallShort(ObligationShortfall)
    /// Trees satisfy the lowered assumptions, but one as written does not hold on them (`why`).
    case writtenAssumptionFails(String)
    /// Neither Z3 (its answer, when it was asked) nor the explicit-state checker found trees.
    case notFound(SolverAnswer?)

    /// The stable code.
    package var code: String {
        switch self {
        case .vacuous: return "vacuous"
        case .outsideFragment: return "outside-fragment"
        case .obligationsFallShort: return "obligation-unproved"
        case .writtenAssumptionFails: return "written-assumption-fails"
        case .notFound: return "not-found"
        }
    }
}
