import IdentityModel
import LemmaLogic

/// Turns a checked lemma into what the solver and the checker read: paths and index variables
/// numbered, predicates unfolded, literals given their model types.
package struct LemmaCompiler {
    private let lemma: CheckedLemma
    /// Path name → number, with path quantifiers' variables while their bodies are lowered.
    private var pathNumbers: [String: Int]
    /// The binders' paths, then one per path quantifier that `PathQuantifierFragment` accepted.
    private var paths: [PathVariable]
    private var indexNames: [String] = []
    private var scope: [String: Int] = [:]
    /// For `grounded`: the path numbers of each render's views, which a path quantifier ranges over.
    private var groundViews: [Range<Int>]?

    private init(_ lemma: CheckedLemma) {
        self.lemma = lemma
        pathNumbers = Dictionary(uniqueKeysWithValues: lemma.paths.enumerated().map { ($1.name, $0) })
        paths = lemma.paths.map { PathVariable(name: $0.name, render: lemma.renders.firstIndex(of: $0.render) ?? 0) }
    }

    /// The identity lemma under `rules` (its own rule set, already resolved by the caller), or
    /// `nil` for an invalidation lemma, whose statement is about views, not paths.
    package static func compile(_ lemma: CheckedLemma, rules: RuleSet) -> LemmaSpec? {
        guard let statement = lemma.identity else { return nil }
        var compiler = LemmaCompiler(lemma)
        let assumptions = statement.assumptions.map { compiler.formula($0) }
        let conclusion = compiler.formula(statement.conclusion)
        let mutations = statement.mutations.compactMap { compiler.pathNumbers[$0] }
        return LemmaSpec(
            name: lemma.name, renders: lemma.renders, anyProgram: lemma.anyProgram, paths: compiler.paths,
            indexNames: compiler.indexNames, rules: rules, expectation: lemma.expectation,
            assumptions: assumptions, conclusion: conclusion, mutations: mutations)
    }

    /// `formula`, one of `lemma`'s, for evaluation on given trees: a path quantifier over render
    /// `r` is the conjunction (`forall`) or disjunction (`exists`) of its body with the path bound
    /// to each number of `views[r]` in turn (numbers after the binders', which the evaluator binds
    /// to that render's views), so it means what is written, membership included; no quantifier
    /// becomes a path variable.
    package static func grounded(_ formula: CheckedFormula, of lemma: CheckedLemma, views: [Range<Int>]) -> LogicFormula {
        var compiler = LemmaCompiler(lemma)
        compiler.groundViews = views
        return compiler.formula(formula)
    }

    private mutating func formula(_ formula: CheckedFormula) -> LogicFormula {
        switch formula.node {
        case .constant(let value): return .constant(value)
        case .not(let body): return .not(self.formula(body))
        case .and(let lhs, let rhs): return .and([self.formula(lhs), self.formula(rhs)])
        case .or(let lhs, let rhs): return .or([self.formula(lhs), self.formula(rhs)])
        case .implies(let lhs, let rhs): return .implies(self.formula(lhs), self.formula(rhs))
        case .iff(let lhs, let rhs):
            let (a, b) = (self.formula(lhs), self.formula(rhs))
            return .and([.implies(a, b), .implies(b, a)])
        case .quantified(let quantifier, let index, let path, let body):
            let variable = indexNames.count
            indexNames.append(index)
            let saved = scope[index]
            scope[index] = variable
            defer { scope[index] = saved }
            let inner = self.formula(body)
            let pathNumber = pathNumbers[path]!
            return quantifier == .exists
                ? .exists(variable: variable, path: pathNumber, inner) : .forall(variable: variable, path: pathNumber, inner)
        case .pathQuantified(let quantifier, let path, let render, let body):
            let renderNumber = lemma.renders.firstIndex(of: render)!
            if let views = groundViews {
                let saved = pathNumbers[path]
                defer { pathNumbers[path] = saved }
                let bodies = views[renderNumber].map { number -> LogicFormula in
                    pathNumbers[path] = number
                    return self.formula(body)
                }
                return quantifier == .exists ? .or(bodies) : .and(bodies)
            }
            if let (other, negated) = PathQuantifierFragment.membership(quantifier, path: path, body: body) {
                let rendered = LogicFormula.rendered(path: pathNumbers[other]!, render: renderNumber)
                return negated ? .not(rendered) : rendered
            }
            // Universal in the lemma (the checker made sure): one more path variable.
            var name = path
            while paths.contains(where: { $0.name == name }) { name += "'" }
            let saved = pathNumbers[path]
            pathNumbers[path] = paths.count
            defer { pathNumbers[path] = saved }
            paths.append(PathVariable(name: name, render: renderNumber))
            return self.formula(body)
        case .comparison(let op, let lhs, let rhs):
            return .compare(Comparison(op), term(lhs), term(rhs))
        case .predicate(.rendered, let path, let render):
            return .rendered(path: pathNumbers[path]!, render: lemma.renders.firstIndex(of: render)!)
        case .predicate(let predicate, let first, let second):
            let a = pathNumbers[first]!
            let b = pathNumbers[second]!
            switch predicate {
            case .rendered: preconditionFailure("handled above")
            case .sameView: return .sameView(a, b)
            case .sameAddress: return .sameAddress(a, b)
            case .survives: return .survives(a, b)
            case .resets: return .not(.survives(a, b))
            }
        }
    }

    private func index(_ expression: IndexExpression) -> IndexTerm {
        guard let name = expression.variable else { return .literal(expression.offset) }
        return .variable(scope[name]!, offset: expression.offset)
    }

    private func term(_ term: CheckedTerm) -> LogicTerm {
        switch term.node {
        case .pathField(let path, let field): return .pathField(path: pathNumbers[path]!, field)
        case .shifted(let inner, let amount): return .shifted(self.term(inner), amount)
        case .stepField(let path, let position, let field): return .stepField(path: pathNumbers[path]!, index: index(position), field)
        case .elem(let path, let position): return .elem(path: pathNumbers[path]!, index: index(position))
        case .index(let position): return .index(index(position))
        case .int(let value): return .int(value)
        case .bool(let value): return .bool(value)
        case .key(let value): return .key(.int(value))
        case .kind(let kind): return .kind(kind)
        case .container(let container): return .container(container)
        case .source(let source): return .source(source)
        case .viewType(let name): return .viewType(ViewType(name))
        case .modifier(let name): return .modifier(Modifier(name))
        }
    }
}

extension Comparison {
    init(_ op: ComparisonOperator) {
        switch op {
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .lessEqual: self = .lessOrEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterOrEqual
        }
    }
}
