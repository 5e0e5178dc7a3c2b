import Encoding

/// Why a lemma was proved (`--explain`): the items of its path-level query in Z3's minimised unsat
/// core, the assumptions the proof did not need, and the reduction obligations the rules in the
/// core rest on.
public struct ProofExplanation: Sendable {
    /// One item of the core.
    public struct Item: Sendable {
        public var item: ExplainItem
        /// What it says, under the lemma's rule set.
        public var text: String
        /// The assumption, when the item is one.
        public var assumption: AssumptionReference?
        /// Whether leaving it out was shown to break the proof.
        public var necessity: UnsatCore.Necessity
    }

    /// Which query was explained: `unbounded` (the full query) or the bounded proof's scope.
    public var scope: String
    /// The core, assumptions first, then rules, structure, and the conclusion.
    public var core: [Item]
    /// The assumptions not in the core: the lemma without them is unsat at the path level too.
    public var unneededAssumptions: [AssumptionReference]
    /// For an unbounded proof: the obligations specific to the constructs whose rules are in the
    /// core, with the base cases and `map.pointwise` (every identity rests on those).
    public var obligations: [String]
    /// For an unbounded proof: how many obligations the verdict rests on in all (every one of the
    /// rule set's: a tree may hold any construct).
    public var allObligations: Int
    /// The checks explain ran, and Z3's resource count over them.
    public var checks: Int
    public var resourceCount: Int

    /// Whether the negated conclusion is in the core; when it is not, the assumptions alone
    /// contradict the model.
    public var needsConclusion: Bool { core.contains { $0.item == .conclusion } }
    /// The identity rules whose element rules the core names, in order, e.g. `["R2", "R4"]`. The
    /// store (R1, R7, R9) is one item and not among them: see `usesStore`.
    public var rules: [String] {
        let elements = core.filter { if case .element = $0.item { return true } else { return false } }
        return Set(elements.flatMap(\.item.ruleNames)).sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }
    }
    /// Whether the core names the state store.
    public var usesStore: Bool { core.contains { $0.item == .store } }
}
