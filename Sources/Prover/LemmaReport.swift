import LemmaLogic

/// Everything `verify-lemmas` reports about one lemma or scenario.
public struct LemmaReport: Sendable {
    public enum Kind: String, Sendable { case lemma, scenario }

    public var name: String
    public var kind: Kind
    public var file: String
    public var line: Int
    public var column: Int
    public var summary: String?
    public var sources: [String]
    public var rules: String
    /// What its `expect` asks for; `nil` when the item has no readable `expect` (an ill-formed item).
    public var expected: Expectation?
    /// The verdict with what it carries.
    public var outcome: Outcome
    public var seconds: Double
    /// Why, in a sentence or two: the route that decided, the fragment, the cross-check.
    public var message: String
    /// Z3's resource count for the path-level query.
    public var resourceCount: Int?
    /// The reduction obligations an unbounded verdict rests on.
    public var obligations: [String] = []
    /// `scope bounded "reason"`: why a bounded proof is all this lemma can get, if it says so.
    public var boundedByDesign: String?
    /// Whether the run requires an unbounded proof of this lemma (`--require-unbounded`, unless
    /// the lemma is bounded by design).
    public var requiresUnbounded = false
    /// Trees on which the lemma's assumptions hold, replayed: the lemma is not vacuous.
    public var witness: Counterexample?
    /// The path-level query as SMT-LIB 2, when the run exports scripts.
    public var script: String?
    /// A refutation's certificate (the query with the counterexample asserted), when the run
    /// exports scripts and Z3 refuted the lemma.
    public var certificate: String?
    /// `--explain`'s answer, when the run asked for it.
    public var explanation: Explanation?
    /// A scenario's `expect refuted by NAME, …`: the checks that must be exactly the failing ones
    /// (empty: any failed check refutes it).
    public var refutedBy: [String] = []
    /// The lemmas whose statements this one `use`s, as written: what its proof rests on.
    public var uses: [String] = []
    /// A refuted scenario's failed checks, in order.
    public var failedChecks: [FailedCheck] = []

    /// The verdict alone.
    public var verdict: Verdict { outcome.verdict }
    /// How far a `proved` reaches: unbounded (with the reduction) or bounded (with what was covered).
    public var scope: Scope? { outcome.scope }
    /// A refutation's replayed counterexample.
    public var counterexample: Counterexample? { outcome.counterexample }

    /// The verdict `expected` asks for: `expect holds` is met by `proved` (unbounded when
    /// `requiresUnbounded`), `expect refuted` by `refuted`. Vacuous, unknown and error meet neither;
    /// `nil` without an expectation.
    public var expectedVerdict: Verdict? { expected.map { $0 == .holds ? .proved : .refuted } }

    /// What the lemma expects, as reports say it: `proved`, `proved unbounded`, `refuted` or
    /// `refuted by NAME, …`; `nil` without an expectation.
    public var expectationText: String? {
        switch expected {
        case nil: return nil
        case .holds?: return requiresUnbounded ? "proved unbounded" : "proved"
        case .refuted?: return refutedBy.isEmpty ? "refuted" : "refuted by \(refutedBy.joined(separator: ", "))"
        }
    }

    /// `expected TEXT`, or `no expectation` for an item without a readable `expect`.
    public var expectationClause: String { expectationText.map { "expected \($0)" } ?? "no expectation" }

    /// Whether the verdict is the one the lemma expects; with `refutedBy`, the failed checks must
    /// be exactly the named ones.
    public var asExpected: Bool {
        switch (expected, verdict) {
        case (.holds, .proved): return !requiresUnbounded || scope == .unbounded
        case (.refuted, .refuted): return refutedByMismatch == nil
        default: return false
        }
    }

    /// For a refuted scenario that names the checks it expects to fail, how its failed checks
    /// differ from them (`nil` when they are the same, or when it names none): the named checks
    /// that passed and the others that failed.
    public var refutedByMismatch: String? {
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
