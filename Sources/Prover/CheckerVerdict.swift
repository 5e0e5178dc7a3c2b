import LemmaLogic
import ModelChecker

/// The bounded route's contract, for every layer: what it answered (`BoundedResult.Answer`: no
/// counterexample in what it enumerates, a counterexample replayed on trees, or not applicable) and
/// what it examined, in words, which is all the verdict table (`VerdictTable`) reads of it.
struct CheckerVerdict {
    var answer: BoundedResult.Answer
    /// What it examined, e.g. `checker: 120 transitions up to depth 3, branching 2`.
    var checked: String
    /// What finding nothing there means: never a proof.
    var exhausted: String

    /// What the checker adds to a proof: its agreement, or why it could not take the lemma.
    var agreement: String {
        if case .inapplicable(let why) = answer { return "checker: \(why)" }
        return "\(checked) agree"
    }
}

extension BoundedResult {
    /// The result as the verdict table reads it, `bound` being the one it was run within.
    func verdict(bound: Bound) -> CheckerVerdict {
        CheckerVerdict(
            answer: answer, checked: "checker: \(cases) \(bounds.steps > 1 ? "traces" : "transitions") up to \(bound)",
            exhausted: "no counterexample among the trees it enumerates (\(bounds.enumeratedTrees)); not a proof")
    }
}

extension InvalidationBoundedRoute.Result {
    /// The result as the verdict table reads it.
    var verdict: CheckerVerdict {
        CheckerVerdict(
            answer: answer,
            checked: "checker: \(cases) views (\(domain))" + (unrealized > 0 ? ", \(unrealized) its trees did not realize" : "")
                + (excluded > 0 ? ", \(excluded) whose links falsify an assumption not built" : ""),
            exhausted: "no counterexample; not a proof")
    }
}
