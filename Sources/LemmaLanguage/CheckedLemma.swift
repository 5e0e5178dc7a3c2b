import LemmaLogic

/// A lemma that passed every check, ready for the prover and the explicit-state checker.
public struct CheckedLemma: Hashable, Sendable {
    /// A `forall` binder: path `name` ranges over the stateful-leaf paths of render `render`.
    public struct PathVariable: Hashable, Sendable {
        public var name: String
        public var render: String
        public var range: SourceRange
    }

    public var name: String
    public var summary: String?
    public var sources: [SourceReference]
    /// One of the known rule set names (`runtime`, `documented`, `ios18_0`, `ios18_4`, …).
    public var ruleSet: String
    public var expectation: Expectation
    /// The declared renders, in order (`before, after` by default).
    public var renders: [String]
    /// Whether the renders may come from different programs (`any program`).
    public var anyProgram: Bool
    /// The path variables, in binding order.
    public var paths: [PathVariable]
    /// For an invalidation lemma (`invalidation NAME`), its rule set and formulas; `assumptions` is
    /// then empty and `conclusion` is `true`, which nothing reads.
    public var invalidation: CheckedInvalidationLemma?
    /// The assumptions, all of which must hold.
    public var assumptions: [CheckedFormula]
    /// The conclusion.
    public var conclusion: CheckedFormula
    /// The paths named by `mutate`, in order: their state is set right after their render.
    public var mutations: [String] = []
    /// `scope bounded "reason"`: why a bounded proof is all this lemma can get, if it says so.
    public var boundedByDesign: String?
    /// From `lemma` to the closing brace.
    public var range: SourceRange
}
