import IdentityModel
import Z3Kit

/// Concrete identities as ground Z3 terms: the rules' Z3 encoding applied to the steps of a path
/// taken from a tree. Comparing them in Z3 cross-checks the encoding against IdentityModel on every
/// scenario.
package final class GroundIdentity {
    let vocabulary: IdentityVocabulary
    let rules: RuleEncoding
    /// Owns the context the terms live in; nothing is checked, only simplified.
    private let session: SolverSession
    private var symbols = SymbolTable()

    /// Ground identities under `rules`, in a session of their own.
    package convenience init(rules: RuleSet) throws {
        try self.init(rules: rules, session: SolverSession())
    }

    /// Ground identities under `rules` whose terms live in `session`'s context, so that another
    /// encoding there can use them.
    init(rules: RuleSet, session: SolverSession) throws {
        self.session = session
        vocabulary = try IdentityVocabulary(context: session.context)
        self.rules = try RuleEncoding(rules: rules, vocabulary: vocabulary)
    }

    /// The identity of `path` (taken in render `generation`) as Z3 simplifies it: one decoded value
    /// per element, printed, so that identities can be hashed and compared in a set. Throws if an
    /// element does not simplify to a value.
    package func value(of path: ViewPath, generation: Int) throws -> String {
        "\(try elements(path, generation: generation).map { try Z3Value($0.simplify()) })"
    }

    /// The elements of a path's identity as ground terms, the leaf's type last.
    func elements(_ path: ViewPath, generation: Int) throws -> [Z3Term] {
        let ctx = vocabulary.context
        let generationTerm = ctx.int(generation)
        var result = try path.steps.map { try rules.element(of: term(for: $0), generation: generationTerm) }
        result.append(typeElement(path.leafType))
        return result
    }

    /// The element a view of static type `type` ends its identity with.
    func typeElement(_ type: ViewType) -> Z3Term {
        rules.leafElement(type: vocabulary.context.int(symbols.number(for: type)))
    }

    /// The ground Step term of a concrete step.
    func term(for step: PathStep) -> Z3Term {
        let ctx = vocabulary.context
        let constructor = vocabulary.constructor(of: step.kind)
        switch step {
        case .tuple(let slot, let presentBefore): return constructor(ctx.int(slot), ctx.int(presentBefore))
        case .conditional(let arm, let readsTwice, let transient):
            return constructor(ctx.bool(arm), ctx.bool(readsTwice), ctx.bool(transient))
        case .optional: return constructor.function.apply([])
        case .forEach(let source, let key, let offset):
            return constructor(vocabulary.term(source), ctx.int(symbols.number(for: key)), ctx.int(offset))
        case .explicitID(let id): return constructor(ctx.int(symbols.number(for: id)))
        case .modified(let modifier, let value): return constructor(ctx.int(symbols.number(for: modifier)), ctx.int(value))
        case .anyView(let erased): return constructor(ctx.int(symbols.number(for: erased)))
        case .container(let container): return constructor(vocabulary.term(container))
        }
    }
}
