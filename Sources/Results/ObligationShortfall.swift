import Encoding

/// Why the obligations an unbounded verdict rests on do not carry it under a rule set (a named one
/// or a rule-set file's), typed until `ReasonText` says it: the reduction obligations of identity
/// rules, the locality obligations of invalidation rules, or the premise the latter take.
package enum ObligationShortfall: Sendable {
    /// The obligations were not run at all (an interrupted run, or none scheduled).
    case notRun(Kind)
    /// Running them failed before any answer (`error`: the encoding's).
    case couldNotRun(Kind, error: String)
    /// The set of obligations was empty, so nothing rests on them.
    case noneRun(Kind)
    /// Obligations under `rules` that were not proved: those that failed (Z3 found a counter-model),
    /// those whose premises hold of nothing (vacuous), and those Z3 left unanswered, each with its stop.
    case unproved(Kind, rules: String, failed: [String], vacuous: [String], unknown: [UnansweredObligation])
    /// Under the identity rules `identityRules`, a view whose parent's body did not run can still
    /// get a new identity (`cause`), so the trees' realizability, the locality obligations' premise,
    /// fails (Proofs/README.md Theorem 8).
    case realizabilityFails(identityRules: String, cause: RealizabilityBreak)
    /// A bounded search of Z3 proves no invalidation lemma, whatever the obligations.
    case boundedInvalidationSearch

    /// Which obligations.
    package enum Kind: Sendable {
        case reduction, locality
    }

    /// What renews an identity where the enclosing body did not run.
    package enum RealizabilityBreak: Sendable {
        /// An opaque `AnyView` rebuilds its content at every render.
        case opaqueAnyView
        /// A body that reads a binding twice may see a transient value.
        case transientRead
    }

    /// A reduction obligation Z3 did not answer.
    package struct UnansweredObligation: Sendable {
        package var id: String
        package var stop: SolverStop

        package init(id: String, stop: SolverStop) {
            self.id = id
            self.stop = stop
        }
    }
}
