import IdentityModel
import LemmaLanguage
import LemmaLogic

/// A lemma's formulas as written, evaluated on the trees a report shows (a counterexample or a
/// witness). The lowering turns a path quantifier into one more path variable, so a model of the
/// lowered lemma is checked against the lowered formulas; here each path quantifier ranges over
/// every view of its render on those trees (`LemmaCompiler.grounded`), so what a report says about
/// the written lemma is a fact about the trees it shows.
struct WrittenFormulaCheck {
    private let lemma: CheckedLemma
    private let statement: CheckedIdentityStatement
    private let evaluator: TreeEvaluator
    private let views: [Range<Int>]

    /// The check of `lemma`'s formulas on `example`'s trees under `rules`, with the lemma's binders
    /// bound to the views `example` binds them to, or why not (a binder's view is not on the trees).
    static func on(_ example: Counterexample, of lemma: CheckedLemma, rules: RuleSet) -> Result<WrittenFormulaCheck, Unbound> {
        guard let statement = lemma.identity else {
            return .failure(Unbound(reason: "an invalidation lemma's formulas are about views, not paths"))
        }
        let paths = example.trees.enumerated().map { $0.element.statefulPaths(rules: rules, generation: $0.offset) }
        var binders: [PathWitness] = []
        for binder in lemma.paths {
            guard let bound = example.bound.first(where: { $0.variable == binder.name }),
                let path = paths.indices.contains(bound.render)
                    ? paths[bound.render].first(where: { $0.identity == bound.identity && $0.steps.map(\.description) == bound.steps })
                    : nil
            else { return .failure(Unbound(reason: "the trees have no view for \(binder.name)")) }
            binders.append(PathWitness(path: path, state: bound.state, generation: bound.render, set: bound.set))
        }
        var witnesses = binders
        var views: [Range<Int>] = []
        for (render, renderPaths) in paths.enumerated() {
            let start = witnesses.count
            for path in renderPaths {
                // A binder's state is its value at the render; `held` is after a `mutate` that follows it.
                let state = binders.first { $0.generation == render && $0.path.identity == path.identity }?.state
                    ?? (example.held.indices.contains(render) ? example.held[render] : []).first { $0.identity == path.identity }?.held
                guard let state else { return .failure(Unbound(reason: "no held state for a view of render \(render + 1)")) }
                witnesses.append(PathWitness(path: path, state: state, generation: render))
            }
            views.append(start..<witnesses.count)
        }
        let rendered = paths.map { Set($0.map(\.identity)) }
        return .success(WrittenFormulaCheck(
            lemma: lemma, statement: statement, evaluator: TreeEvaluator(rules: rules, witnesses: witnesses, renderedIdentities: rendered), views: views))
    }

    /// Why the written formulas could not be evaluated on a counterexample's trees.
    struct Unbound: Error {
        var reason: String
    }

    /// Whether `formula`, one of the lemma's as written, holds on the trees.
    func holds(_ formula: CheckedFormula) -> Bool {
        evaluator.holds(LemmaCompiler.grounded(formula, of: lemma, views: views))
    }

    /// The 1-based numbers of the written assumptions that do not hold on the trees.
    var failingAssumptions: [Int] {
        statement.assumptions.enumerated().filter { !holds($0.element) }.map { $0.offset + 1 }
    }

    /// The 1-based numbers of an invalidation lemma's written assumptions that do not hold of
    /// `example`'s views, evaluated on what `BodyEvaluator` did with its trees (its formulas have no
    /// path quantifiers, so they are evaluated as written), or why they cannot be (no views).
    static func failingAssumptions(of statement: CheckedInvalidationLemma, on example: Counterexample) -> Result<[Int], Unbound> {
        guard let (links, observations) = example.histories else {
            return .failure(Unbound(reason: "the trees shown are not views an invalidation lemma is about"))
        }
        guard links.count == observations.count, zip(links, observations).allSatisfy({ $0.count == $1.count }) else {
            return .failure(Unbound(reason: "the views' links and observations do not match"))
        }
        let evaluator = InvalidationEvaluator(histories: links, observations: observations)
        return .success(statement.assumptions.enumerated().filter { !evaluator.holds($0.element) }.map { $0.offset + 1 })
    }

    /// Why the trees are not a counterexample of the lemma as written (an assumption fails, or
    /// the conclusion holds), or `nil` when they are.
    static func notACounterexample(_ example: Counterexample, of lemma: CheckedLemma, rules: RuleSet) -> String? {
        if let statement = lemma.invalidation {
            switch failingAssumptions(of: statement, on: example) {
            case .failure(let unbound): return unbound.reason
            case .success(let failing):
                if let first = failing.first { return "assumption \(first) as written does not hold on its views" }
            }
            guard let (links, observations) = example.histories,
                !InvalidationEvaluator(histories: links, observations: observations).holds(statement.conclusion)
            else { return "the conclusion as written holds on its views" }
            return nil
        }
        let check: WrittenFormulaCheck
        switch on(example, of: lemma, rules: rules) {
        case .success(let found): check = found
        case .failure(let unbound): return unbound.reason
        }
        if let failing = check.failingAssumptions.first { return "assumption \(failing) as written does not hold on its trees" }
        if check.holds(check.statement.conclusion) { return "the conclusion as written holds on its trees" }
        return nil
    }
}
