import IdentityModel
import Z3Kit

/// The ground query of one obligation: premises (instances of the defining equations, the
/// hypotheses, the induction hypothesis instantiated where the case needs it) and a goal. The
/// premises with the negated goal unsat proves the case, since every premise is an instance of a
/// universally valid fact or a hypothesis of the case.
///
/// `E(step)` is declared uninterpreted; each application gets its definition
/// `E(step) = RuleEncoding.element(of: step, generation: g)` as a ground instance.
final class ObligationQuery {
    let vocabulary: TreeVocabulary
    let rules: TreeRules
    private let pathRules: RuleEncoding
    private(set) var premises: [Z3Term] = []
    private var goal: Z3Term?

    /// The premises and the goal of `obligation` in `context`.
    static func query(for obligation: Obligation, in context: Z3Context) throws -> (premises: [Z3Term], goal: Z3Term) {
        let query = try ObligationQuery(rules: obligation.rules, context: context)
        switch obligation.theorem {
        case .locality: try query.locality(obligation.inductionCase)
        case .mapPointwise: try query.mapPointwise(obligation.inductionCase)
        case .siblingIndependence: query.siblingIndependence(obligation.inductionCase)
        case .prefixClosure: query.prefixClosure(obligation.inductionCase)
        }
        guard let goal = query.goal else { preconditionFailure("\(obligation.id) states no goal") }
        return (query.premises, goal)
    }

    /// Declares the tree model for `rules` in `context`. `idOverridesStructure` changes how an
    /// identity is accumulated, not any element, so the path level's `E` is that of the unmutated
    /// rules (which `RuleEncoding` accepts).
    private init(rules: RuleSet, context: Z3Context) throws {
        let identity = try IdentityVocabulary(context: context)
        vocabulary = try TreeVocabulary(identity: identity)
        self.rules = TreeRules(rules: rules, vocabulary: vocabulary)
        let elementRules = rules.mutation == .idOverridesStructure ? rules.droppingMutationFlag() : rules
        pathRules = try RuleEncoding(rules: elementRules, vocabulary: identity)
    }

    var context: Z3Context { vocabulary.identity.context }

    /// Adds `formulas` to the premises.
    func assert(_ formulas: Z3Term...) {
        premises += formulas
    }

    /// Adds `formulas` to the premises.
    func assert(_ formulas: [Z3Term]) {
        premises += formulas
    }

    /// Sets what the obligation must prove from the premises.
    func prove(_ goal: Z3Term) {
        self.goal = goal
    }

    /// `E(step)`, with its definition instance added to the premises.
    func element(of step: Z3Term) throws -> Z3Term {
        let application = vocabulary.elementOf(step)
        assert(application.eq(try pathRules.element(of: step, generation: vocabulary.generation)))
        return application
    }

    /// `Type(type)`, the path level's last element.
    func pathLeafElement(type: Z3Term) -> Z3Term {
        pathRules.leafElement(type: type)
    }

    /// `mapE(unit(step) ++ rest)`, with the instance of its defining equation
    /// `mapE(unit(step) ++ rest) = unit(E(step)) ++ mapE(rest)` added to the premises.
    @discardableResult
    func mapPrepending(_ step: Z3Term, to rest: Z3Term) throws -> Z3Term {
        let application = vocabulary.mapE(context.concat([context.unitSequence(step), rest]))
        let mapped = context.concat([context.unitSequence(try element(of: step)), vocabulary.mapE(rest)])
        assert(application.eq(mapped))
        return application
    }

    /// `mapE([])`, with the instance of its defining equation `mapE([]) = []` added to the premises.
    @discardableResult
    func mapEmpty() -> Z3Term {
        let application = vocabulary.mapE(context.emptySequence(of: vocabulary.identity.step.sort))
        assert(application.eq(context.emptySequence(of: vocabulary.identity.elementType.sort)))
        return application
    }

    /// `Leaf(t)` with its only leaf address `[]`.
    func leaf(type: Z3Term) -> (node: Z3Term, address: Z3Term) {
        (vocabulary.leaf(type: type), context.emptySequence(of: context.intSort))
    }

    /// The defining equation of `tid` for `Leaf(t)` at `pre`: `tid(Leaf(t), [], pre) = pre ++ [Type(t)]`.
    func leafIdentityDefinition(type: Z3Term, pre: Z3Term) -> Z3Term {
        let (node, address) = leaf(type: type)
        let identity = context.concat([pre, context.unitSequence(rules.leafElement(type: type))])
        return vocabulary.tid(node, address, pre).eq(identity)
    }
}
