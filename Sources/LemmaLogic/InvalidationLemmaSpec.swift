import IdentityModel
import Invalidation

/// An invalidation lemma, resolved: for every view of the last render (one per path variable),
/// at every transition (a pair of consecutive renders) its parent's evaluation, its identity's
/// survival, its values and own change, the assumptions imply the conclusion. A path may be
/// declared the child of another (`childOf(q, p)`): its parent's body is the other path's view;
/// or a row of a `ForEach` in that body (`rowOf(q, p)`), identified by its key (R8).
package struct InvalidationLemmaSpec: Hashable, Sendable {
    package var name: String
    /// The path variables' names, in binder order.
    package var paths: [String]
    /// The names of the property index variables, by number.
    package var indexNames: [String]
    /// The render names, in order: two or more.
    package var renders: [String]
    /// Per path, the path whose view is its parent (`childOf`), or `nil` for a view whose parent
    /// is none of the lemma's (free but for what every tree gives it).
    package var parents: [Int?]
    /// The paths declared rows of a `ForEach` in their parent's body (`rowOf(q, p)`, which sets
    /// `parents` too): each link of theirs has a `RowChange`.
    package var rows: Set<Int>
    /// The properties of the one `@Observable` object that `readsProperty` and `propertyChanged`
    /// name, numbered in order of first use; it has no others (Lemmas/README.md, "Invalidation lemmas").
    package var observableProperties: [String]
    /// The environment keys `declaresKey` and `environmentChanged` name, numbered in order of first use.
    package var environmentKeys: [String]
    /// The `ObservableObject`s `observesObject`, `findsObject` and `objectSent` name, numbered in
    /// order of first use.
    package var objects: [String]
    /// The paths whose `@State` the user sets (`mutate p after r`), each with the transition the set
    /// comes before (r's index): that transition's link carries the value held and the value set
    /// (`ViewLink.stateSet`), and at every other transition the state holds (`StateCarry`).
    package var mutated: [Int: Int]

    /// The pairs `(holder, owner)` that `holdsBindingOf` names, in its formulas.
    package var bindingPairs: [(holder: Int, owner: Int)] {
        var pairs: [(holder: Int, owner: Int)] = []
        func visit(_ formula: InvalidationFormula) {
            switch formula {
            case .holdsBinding(let holder, let owner, _): if !pairs.contains(where: { $0 == (holder, owner) }) { pairs.append((holder, owner)) }
            case .not(let body), .exists(_, _, let body), .forall(_, _, let body): visit(body)
            case .and(let parts), .or(let parts): parts.forEach(visit)
            case .implies(let lhs, let rhs): visit(lhs); visit(rhs)
            default: break
            }
        }
        visit(statement)
        return pairs
    }
    /// Whether a formula names `holdsStateObject`, `initialiserChanged` or `keepsStateObject`.
    package var namesStateObject: Bool {
        func names(_ formula: InvalidationFormula) -> Bool {
            switch formula {
            case .holdsStateObject, .initialiserChanged, .keepsStateObject: return true
            case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return names(body)
            case .and(let parts), .or(let parts): return parts.contains(where: names)
            case .implies(let lhs, let rhs): return names(lhs) || names(rhs)
            default: return false
            }
        }
        return names(statement)
    }
    /// Whether a formula names `bodyReads`.
    package var namesBodyReads: Bool {
        func names(_ formula: InvalidationFormula) -> Bool {
            switch formula {
            case .bodyReads: return true
            case .not(let body), .exists(_, _, let body), .forall(_, _, let body): return names(body)
            case .and(let parts), .or(let parts): return parts.contains(where: names)
            case .implies(let lhs, let rhs): return names(lhs) || names(rhs)
            default: return false
            }
        }
        return names(statement)
    }
    package var rules: InvalidationRules
    /// The identity rules survival follows when trees are built (I1).
    package var identityRules: RuleSet
    package var expectation: Expectation
    package var assumptions: [InvalidationFormula]
    package var conclusion: InvalidationFormula

    /// Creates a lemma; by default over two renders with no path the child of another.
    package init(
        name: String, paths: [String], indexNames: [String] = [], renders: [String] = ["before", "after"], parents: [Int?]? = nil,
        rows: Set<Int> = [], observableProperties: [String] = [], environmentKeys: [String] = [], objects: [String] = [], mutated: [Int: Int] = [:], rules: InvalidationRules, identityRules: RuleSet, expectation: Expectation, assumptions: [InvalidationFormula],
        conclusion: InvalidationFormula
    ) {
        self.name = name
        self.paths = paths
        self.indexNames = indexNames
        self.renders = renders
        self.parents = parents ?? paths.map { _ in nil }
        self.rows = rows
        self.observableProperties = observableProperties
        self.environmentKeys = environmentKeys
        self.objects = objects
        self.mutated = mutated
        self.rules = rules
        self.identityRules = identityRules
        self.expectation = expectation
        self.assumptions = assumptions
        self.conclusion = conclusion
    }

    /// The number of transitions: pairs of consecutive renders.
    package var transitions: Int { renders.count - 1 }

    /// Whether each path is one view over two renders, with no path the child of another: the
    /// shape of `ViewLink` alone.
    package var isSingleTransitionOfUnrelatedViews: Bool { transitions == 1 && parents.allSatisfy { $0 == nil } }

    /// All assumptions imply the conclusion.
    package var statement: InvalidationFormula {
        assumptions.isEmpty ? conclusion : .implies(.and(assumptions), conclusion)
    }
}
