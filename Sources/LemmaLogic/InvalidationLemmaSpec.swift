import IdentityModel
import Invalidation

/// An invalidation lemma, resolved: for every view in the later of two renders (one per path
/// variable), its parent's evaluation, its identity's survival and its old and new values, the
/// assumptions imply the conclusion.
public struct InvalidationLemmaSpec: Hashable, Sendable {
    public var name: String
    /// The path variables' names, in binder order.
    public var paths: [String]
    /// The names of the property index variables, by number.
    public var indexNames: [String]
    public var rules: InvalidationRules
    /// The identity rules survival follows when trees are built (I1).
    public var identityRules: RuleSet
    public var expectation: Expectation
    public var assumptions: [InvalidationFormula]
    public var conclusion: InvalidationFormula

    /// Creates a lemma.
    public init(
        name: String, paths: [String], indexNames: [String] = [], rules: InvalidationRules, identityRules: RuleSet,
        expectation: Expectation, assumptions: [InvalidationFormula], conclusion: InvalidationFormula
    ) {
        self.name = name
        self.paths = paths
        self.indexNames = indexNames
        self.rules = rules
        self.identityRules = identityRules
        self.expectation = expectation
        self.assumptions = assumptions
        self.conclusion = conclusion
    }

    /// All assumptions imply the conclusion.
    public var statement: InvalidationFormula {
        assumptions.isEmpty ? conclusion : .implies(.and(assumptions), conclusion)
    }
}
