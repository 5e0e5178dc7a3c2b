import LemmaLogic
import ModelChecker

/// Everything `verify-lemmas` reports about one lemma or scenario.
package struct LemmaReport: Sendable {
    package enum Kind: String, Sendable { case lemma, scenario }

    package var name: String
    package var kind: Kind
    package var file: String
    package var line: Int
    package var column: Int
    package var summary: String?
    package var sources: [String]
    package var rules: String
    /// What its `expect` asks for; `nil` when the item has no readable `expect` (an ill-formed item).
    package var expected: Expectation?
    /// The verdict with what it carries.
    package var outcome: Outcome
    package var seconds: Double
    /// Why, in a sentence or two: the route that decided, the fragment, the cross-check.
    package var message: String
    /// Where the explicit-state checker's budget stopped its walk (`--checker-cases`, or the
    /// backstop), `nil` when it did not: the cross-check then covered only the cases it examined.
    package var checkerStop: CheckerStop?
    /// Z3's resource count for the path-level query.
    package var resourceCount: Int?
    /// The reduction obligations an unbounded verdict rests on.
    package var obligations: [String] = []
    /// `scope bounded "reason"`: why a bounded proof is all this lemma can get, if it says so.
    package var boundedByDesign: String?
    /// Whether the run requires an unbounded proof of this lemma (`--require-unbounded`, unless
    /// the lemma is bounded by design).
    package var requiresUnbounded = false
    /// Trees on which the lemma's assumptions hold, replayed: the lemma is not vacuous.
    package var witness: Counterexample?
    /// The path-level query as SMT-LIB 2, when the run exports scripts.
    package var script: String?
    /// A refutation's certificate (the query with the counterexample asserted), when the run
    /// exports scripts and Z3 refuted the lemma.
    package var certificate: String?
    /// `--explain`'s answer, when the run asked for it.
    package var explanation: Explanation?
    /// A scenario's `expect refuted by NAME, …`: the checks that must be exactly the failing ones
    /// (empty: any failed check refutes it).
    package var refutedBy: [String] = []
    /// The lemmas whose statements this one `use`s, as written: what its proof rests on.
    package var uses: [String] = []
    /// A refuted scenario's failed checks, in order.
    package var failedChecks: [FailedCheck] = []
    /// What a scenario's second route, Z3's ground encoding, did when every check passed.
    package var groundCheck: GroundCheck?

    /// The verdict alone.
    package var verdict: Verdict { outcome.verdict }
    /// How far a `proved` reaches: unbounded (with the reduction) or bounded (with what was covered).
    package var scope: Scope? { outcome.scope }
    /// A refutation's replayed counterexample.
    package var counterexample: Counterexample? { outcome.counterexample }

    /// The verdict `expected` asks for: `expect holds` is met by `proved` (unbounded when
    /// `requiresUnbounded`), `expect refuted` by `refuted`. Vacuous, unknown and error meet neither;
    /// `nil` without an expectation.
    package var expectedVerdict: Verdict? { expected.map { $0 == .holds ? .proved : .refuted } }

    /// What the lemma expects, as reports say it: `proved`, `proved unbounded`, `refuted` or
    /// `refuted by NAME, …`; `nil` without an expectation.
    package var expectationText: String? {
        switch expected {
        case nil: return nil
        case .holds?: return requiresUnbounded ? "proved unbounded" : "proved"
        case .refuted?: return refutedBy.isEmpty ? "refuted" : "refuted by \(refutedBy.joined(separator: ", "))"
        }
    }

    /// `expected TEXT`, or `no expectation` for an item without a readable `expect`.
    package var expectationClause: String { expectationText.map { "expected \($0)" } ?? "no expectation" }

    /// Whether the verdict is the one the lemma expects; with `refutedBy`, the failed checks must
    /// be exactly the named ones.
    package var asExpected: Bool {
        switch (expected, verdict) {
        case (.holds, .proved): return !requiresUnbounded || scope == .unbounded
        case (.refuted, .refuted): return refutedByMismatch == nil
        default: return false
        }
    }

    /// For a refuted scenario that names the checks it expects to fail, how its failed checks
    /// differ from them (`nil` when they are the same, or when it names none): the named checks
    /// that passed and the others that failed.
    package var refutedByMismatch: String? {
        guard !refutedBy.isEmpty, verdict == .refuted else { return nil }
        let failedNames = Set(failedChecks.compactMap(\.name))
        let passed = refutedBy.filter { !failedNames.contains($0) }
        let others = failedChecks.filter { $0.name.map { !refutedBy.contains($0) } ?? true }
        guard !passed.isEmpty || !others.isEmpty else { return nil }
        var parts: [String] = []
        if !passed.isEmpty {
            parts.append("check\(passed.count == 1 ? "" : "s") \(passed.joined(separator: ", ")) passed")
        }
        if !others.isEmpty {
            parts.append((passed.isEmpty ? "failed as well: " : "failed instead: ")
                + others.map { "\($0.reference) (check \($0.check))" }.joined(separator: ", "))
        }
        return "expected refuted by \(refutedBy.joined(separator: ", ")), but " + parts.joined(separator: "; ")
    }
}
