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
    public var expected: Expectation
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

    /// The verdict alone.
    public var verdict: Verdict { outcome.verdict }
    /// How far a `proved` reaches: unbounded (with the reduction) or bounded (with what was covered).
    public var scope: Scope? { outcome.scope }
    /// A refutation's replayed counterexample.
    public var counterexample: Counterexample? { outcome.counterexample }

    /// The verdict `expected` asks for: `expect holds` is met by `proved` (unbounded when
    /// `requiresUnbounded`), `expect refuted` by `refuted`. Vacuous, unknown and error meet neither.
    public var expectedVerdict: Verdict { expected == .holds ? .proved : .refuted }

    /// What the lemma expects, as reports say it: `proved`, `proved unbounded` or `refuted`.
    public var expectationText: String {
        expected == .holds ? (requiresUnbounded ? "proved unbounded" : "proved") : "refuted"
    }

    /// Whether the verdict is the one the lemma expects.
    public var asExpected: Bool {
        switch (expected, verdict) {
        case (.holds, .proved): return !requiresUnbounded || scope == .unbounded
        case (.refuted, .refuted): return true
        default: return false
        }
    }
}
