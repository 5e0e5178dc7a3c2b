import IdentityModel
import LemmaLogic

/// A lemma that passed every check, ready for the prover and the explicit-state checker.
package struct CheckedLemma: Hashable, Sendable {
    /// A `forall` binder: path `name` ranges over the stateful-leaf paths of render `render`.
    package struct PathVariable: Hashable, Sendable {
        package var name: String
        package var render: String
        package var range: SourceRange
    }

    package var name: String
    package var summary: String?
    package var sources: [SourceReference]
    /// The identity rule set `rules` names, resolved by the checker.
    package var ruleSet: RuleSet
    package var expectation: Expectation
    /// The declared renders, in order (`before, after` by default).
    package var renders: [String]
    /// Whether the renders may come from different programs (`any program`).
    package var anyProgram: Bool
    /// The path variables, in binding order.
    package var paths: [PathVariable]
    /// What the lemma states, in the vocabulary of its layer.
    package var statement: Statement
    /// `scope bounded "reason"`: why a bounded proof is all this lemma can get, if it says so.
    package var boundedByDesign: String?
    /// From `lemma` to the closing brace.
    package var range: SourceRange
    /// The lemmas whose statements `use` made assumptions of this one: it is proved only if they
    /// are, in the same run.
    package var uses: [String] = []

    /// A lemma states either identity formulas over paths or invalidation formulas over views;
    /// each route reads the one it is written for, so neither can read a placeholder of the other.
    package enum Statement: Hashable, Sendable {
        case identity(CheckedIdentityStatement)
        case invalidation(CheckedInvalidationLemma)
    }

    /// The identity statement, or `nil` for an invalidation lemma.
    package var identity: CheckedIdentityStatement? {
        if case .identity(let statement) = statement { return statement }
        return nil
    }

    /// The invalidation statement (`invalidation NAME`), or `nil` for an identity lemma.
    package var invalidation: CheckedInvalidationLemma? {
        if case .invalidation(let statement) = statement { return statement }
        return nil
    }
}

/// What an identity lemma states: formulas over its paths, checked, and the paths it mutates.
package struct CheckedIdentityStatement: Hashable, Sendable {
    /// The assumptions, all of which must hold.
    package var assumptions: [CheckedFormula]
    /// The conclusion.
    package var conclusion: CheckedFormula
    /// The paths named by `mutate`, in order: their state is set right after their render.
    package var mutations: [String]

    /// A statement of `assumptions` and `conclusion`, with the paths `mutations` names mutated.
    package init(assumptions: [CheckedFormula], conclusion: CheckedFormula, mutations: [String] = []) {
        self.assumptions = assumptions
        self.conclusion = conclusion
        self.mutations = mutations
    }
}
