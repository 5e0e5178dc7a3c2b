/// Which path quantifiers inside a lemma's formulas have a sound encoding (Lemmas/README.md, "Path
/// quantifiers"), and how many fresh paths they add.
///
/// The solver checks the negated lemma, whose path variables are existential. A path quantifier
/// that is universal in the lemma (a `forall` in positive position, an `exists` in negative
/// position) under no quantifier that is existential there moves out to the lemma's `forall`
/// unchanged in meaning (`A => forall q: B` is `forall q: A => B` when `q` is not free in `A`), so
/// it becomes one more path variable. `exists q: path in r: survives(p, q)` is `rendered(p, r)`
/// (and `forall q: path in r: resets(p, q)` its negation) in any position. Every other position
/// would need a path chosen after the counterexample's paths, which the path level cannot express.
struct PathQuantifierFragment {
    /// E060 for every path quantifier outside the fragment.
    private(set) var diagnostics: [Diagnostic] = []
    /// The path quantifiers that become path variables.
    private(set) var freshPaths = 0

    /// A path quantifier that is path membership: the other path, and whether the membership is negated.
    static func membership(_ quantifier: Quantifier, path: String, body: CheckedFormula) -> (other: String, negated: Bool)? {
        guard case .predicate(let predicate, let first, let second) = body.node, (first == path) != (second == path)
        else { return nil }
        let other = first == path ? second : first
        switch (quantifier, predicate) {
        case (.exists, .survives): return (other, false)
        case (.forall, .resets): return (other, true)
        default: return nil
        }
    }

    /// Checks `formula`, which is in positive position when `positive` (the conclusion) and in
    /// negative position otherwise (an assumption).
    mutating func visit(_ formula: CheckedFormula, positive: Bool) {
        visit(formula, positive: positive, context: nil)
    }

    /// `context` says why a universal path quantifier here could not move out: `nil` when it can.
    private mutating func visit(_ formula: CheckedFormula, positive: Bool, context: String?) {
        switch formula.node {
        case .constant, .comparison, .predicate: return
        case .not(let body): visit(body, positive: !positive, context: context)
        case .and(let lhs, let rhs):
            // In positive position a conjunction: `A && forall q: B` is not `forall q: A && B` when
            // the render has no stateful view (the first is `A`, the second true).
            let inside = positive ? context ?? Self.conjunction("'&&' in positive position (as in the conclusion)", "'A && forall q: B' is 'A' there, but 'forall q: A && B' is true") : context
            visit(lhs, positive: positive, context: inside)
            visit(rhs, positive: positive, context: inside)
        case .or(let lhs, let rhs):
            // In negative position a conjunction of the negations: `A || exists q: B` in an assumption.
            let inside = positive ? context : context ?? Self.conjunction("'||' in negative position (as in an assumption)", "'A || exists q: B' is 'A' there, but 'exists q: A || B' is false")
            visit(lhs, positive: positive, context: inside)
            visit(rhs, positive: positive, context: inside)
        case .implies(let lhs, let rhs):
            // In negative position `A => B` is negated to the conjunction `A && !B`.
            let inside = positive ? context : context ?? Self.conjunction("'=>' in negative position (as in an assumption)", "'A => exists q: B' is '!A' there, but 'exists q: A => B' is false")
            visit(lhs, positive: !positive, context: inside)
            visit(rhs, positive: positive, context: inside)
        case .iff(let lhs, let rhs):
            // Each side is in both positions; the context rejects every path quantifier in it.
            let inside = context ?? "it is under '<=>', where it is both universal and existential"
            visit(lhs, positive: positive, context: inside)
            visit(rhs, positive: positive, context: inside)
        case .quantified(let quantifier, let index, let path, let body):
            let existential = (quantifier == .exists) == positive
            let inside = context ?? (existential ? "it is inside '\(quantifier.rawValue) \(index) in \(path)', which ranges over the steps of the counterexample's path" : nil)
            visit(body, positive: positive, context: inside)
        case .pathQuantified(let quantifier, let path, let render, let body):
            if Self.membership(quantifier, path: path, body: body) != nil { return }
            let universal = (quantifier == .forall) == positive
            let spelling = "\(quantifier.rawValue) \(path): path in \(render)"
            // An existential one is reported as such wherever it stands: the context's reason (an
            // empty render, an index quantifier) is why a universal one could not move out.
            if !universal {
                report(
                    formula,
                    "'\(spelling)' is \(positive ? "in positive position (as in the conclusion)" : "in negative position (as in an assumption)"), where it would need a path "
                        + "chosen after the counterexample's paths")
            } else if let context {
                report(formula, "'\(spelling)' cannot become a path of the lemma: \(context)")
            } else {
                freshPaths += 1
                visit(body, positive: positive, context: nil)
            }
        }
    }

    /// Why a universal path quantifier under a conjunction (of the negated lemma's disjunction)
    /// cannot move out: prenexing `forall q` over `&&` needs a render with a stateful view, and a
    /// render may have none (`if false { Counter }`), where neither route has a view to bind `q` to.
    private static func conjunction(_ spelling: String, _ example: String) -> String {
        "it is under \(spelling), and a render may have no stateful view: \(example)"
    }

    private mutating func report(_ formula: CheckedFormula, _ message: String) {
        diagnostics.append(Diagnostic(
            .pathQuantifierOutsideFragment, message, at: formula.range.start,
            notes: [
                Diagnostic.Note(
                    "supported: 'forall q: path in r:' in the conclusion and 'exists q: path in r:' in an assumption, each outside "
                        + "'<=>', outside conjunctions ('&&' in the conclusion, '||' in an assumption) and outside quantifiers "
                        + "that are existential there; and 'exists q: path in r: survives(p, q)' "
                        + "(that is 'rendered(p, r)') anywhere"),
            ]))
    }
}
