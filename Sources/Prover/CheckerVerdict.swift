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

    /// What the checker adds to a proof: its agreement, or why it could not take the lemma, or
    /// that its budget stopped it (then it agrees on the cases it examined only).
    var agreement: String {
        switch answer {
        case .inapplicable(let why): return "checker: \(why)"
        case .exhausted(let stop): return "\(checked) agree, then the checker \(ReasonText.sentence(stop)): not a full cross-check"
        case .holds, .refuted: return "\(checked) agree"
        }
    }

    /// What the checker says beside another route's answer, `checked` included.
    var note: String {
        switch answer {
        case .refuted: return "\(checked): also refuted"
        case .holds: return "\(checked): none among what it enumerates"
        case .inapplicable(let why): return "checker: \(why)"
        case .exhausted(let stop): return "\(checked): \(ReasonText.sentence(stop))"
        }
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
            checked: "checker: \(cases) \(cases == 1 ? "candidate" : "candidates") judged on trees (\(domain); a candidate is "
                + "one history of the lemma's views)" + (unrealized > 0 ? ", \(unrealized) no tree realized" : "")
                + (excluded > 0 ? ", \(excluded) whose links falsify an assumption, left out before their trees were built" : ""),
            exhausted: "no counterexample; not a proof")
    }
}
