import Encoding
import LemmaLogic

/// Why a lemma was proved (`--explain`): the items of its path-level query in Z3's minimised unsat
/// core, what the lemma as written comes to without each assumption the core leaves out, and the
/// reduction obligations the rules in the core rest on.
package struct ProofExplanation: Sendable {
    /// One item of the core.
    package struct Item: Sendable {
        package var item: ExplainItem
        /// What it says, under the lemma's rule set.
        package var text: String
        /// The assumption, when the item is one.
        package var assumption: AssumptionReference?
        /// Whether leaving it out was shown to break the proof.
        package var necessity: UnsatCore.Necessity
    }

    /// Which query was explained: `unbounded` (the full query) or the bounded proof's scope.
    package var scope: String
    /// The core, assumptions first, then rules, structure, and the conclusion.
    package var core: [Item]
    /// Each assumption the core leaves out, with the verdict of the lemma as written without it.
    package var omitted: [Omission]
    /// For an unbounded proof: the obligations specific to the constructs whose rules are in the
    /// core, with the base cases and `map.pointwise` (every identity rests on those).
    package var obligations: [String]
    /// For an unbounded proof: how many obligations the verdict rests on in all (every one of the
    /// rule set's: a tree may hold any construct).
    package var allObligations: Int
    /// The checks explain ran, and Z3's resource count over them.
    package var checks: Int
    package var resourceCount: Int

    /// An assumption the core leaves out. The core is of the lowered query, where a path an
    /// assumption's `exists q` introduced stays behind in the structure items, so being left out
    /// of the core says nothing about the lemma as written: the lemma without the assumption is
    /// lowered again and judged like any lemma, and that verdict is the finding.
    package struct Omission: Sendable {
        package var assumption: AssumptionReference
        package var finding: Finding
    }

    /// What the lemma as written comes to without one assumption.
    package enum Finding: Sendable {
        /// Proved without it (how far the proof reaches).
        case notNeeded(Scope)
        /// Refuted without it: the counterexample, replayed on trees.
        case needed(Counterexample)
        /// Neither (why).
        case unknown(ExplainUnknownReason)
    }

    /// The assumptions the lemma as written was proved without (each on its own).
    package var unneededAssumptions: [AssumptionReference] {
        omitted.compactMap { if case .notNeeded = $0.finding { return $0.assumption } else { return nil } }
    }

    /// Whether the negated conclusion is in the core; when it is not, the assumptions alone
    /// contradict the model.
    package var needsConclusion: Bool { core.contains { $0.item == .conclusion } }
    /// The identity rules whose element rules the core names, in order, e.g. `["R2", "R4"]`. The
    /// store (R1, R7, R9) is one item and not among them: see `usesStore`.
    package var rules: [String] {
        let elements = core.filter { if case .element = $0.item { return true } else { return false } }
        return Set(elements.flatMap(\.item.ruleNames)).sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }
    }
    /// Whether the core names the state store.
    package var usesStore: Bool { core.contains { $0.item == .store } }
}
