import IdentityModel

/// What a lemma expects of the solver and the checker.
package enum Expectation: String, Hashable, Sendable {
    case holds, refuted
}

/// A path variable of a lemma: `p: path in before`.
package struct PathVariable: Hashable, Sendable {
    /// The name written in the lemma.
    package var name: String
    /// The render it is taken in (an index into `LemmaSpec.renders`).
    package var render: Int

    /// Creates a path variable.
    package init(name: String, render: Int) {
        self.name = name
        self.render = render
    }
}

/// A lemma, resolved: everything the solver and the checker need, and nothing about its syntax.
package struct LemmaSpec: Hashable, Sendable {
    package var name: String
    /// The renders, in order; render `k` has generation `k + 1`.
    package var renders: [String]
    /// Whether the renders may come from different programs.
    package var anyProgram: Bool
    /// The path variables, in binder order.
    package var paths: [PathVariable]
    /// The names of the index variables, by number.
    package var indexNames: [String]
    package var rules: RuleSet
    package var expectation: Expectation
    package var assumptions: [LogicFormula]
    package var conclusion: LogicFormula
    /// The paths whose state the user sets right after their render (`mutate p`), in order: each
    /// to its `.set` value, the later one winning when two name one identity.
    package var mutations: [Int] = []

    /// Creates a lemma.
    package init(
        name: String, renders: [String] = ["before", "after"], anyProgram: Bool = false, paths: [PathVariable],
        indexNames: [String] = [], rules: RuleSet, expectation: Expectation, assumptions: [LogicFormula],
        conclusion: LogicFormula, mutations: [Int] = []
    ) {
        self.mutations = mutations
        self.name = name
        self.renders = renders
        self.anyProgram = anyProgram
        self.paths = paths
        self.indexNames = indexNames
        self.rules = rules
        self.expectation = expectation
        self.assumptions = assumptions
        self.conclusion = conclusion
    }

    /// The whole statement: all assumptions imply the conclusion.
    package var statement: LogicFormula {
        assumptions.isEmpty ? conclusion : .implies(.and(assumptions), conclusion)
    }

    /// Whether the lemma reads the state store: a state value, or whether a path is rendered in a
    /// render, or a mutation. Other lemmas are about identities only, and their queries leave the store out.
    package var readsStore: Bool { statement.reads(.state) || statement.readsRendered || !mutations.isEmpty }

    /// The same lemma under other rules (used to run it against a mutant).
    package func under(_ rules: RuleSet) -> LemmaSpec {
        var copy = self
        copy.rules = rules
        return copy
    }
}
