import IdentityModel
import LemmaLogic
import ModelChecker

/// What the explicit-state route said about a lemma.
package struct BoundedResult: Sendable {
    package enum Answer: Sendable {
        /// No tree within the bounds violates the lemma.
        case holds
        /// A tree within the bounds violates it.
        case refuted(Counterexample)
        /// The lemma is outside what the checker enumerates (the reason).
        case inapplicable(String)
        /// The walk's budget ran out first (`WalkBudget`): no counterexample among the cases it
        /// examined (`stop.examined`, the first in its order), and the others were not examined.
        case exhausted(CheckerStop)
    }

    package var answer: Answer
    package var bounds: Bounds
    /// (program, renders…) cases examined.
    package var cases: Int
    package var seconds: Double
}

/// The independent route: every program and sequence of renders within bounds, every choice of paths,
/// the lemma evaluated on the trees with `TreeEvaluator`. No solver is involved.
package struct BoundedRoute: Sendable {
    package var viewTypes = 2
    package var modifierTypes = 2
    package var keyValues = 2
    package var workers: Int?
    /// Updated as programs are done, for `explore --lemma`'s progress line.
    package var progress: ExplorationProgress?
    /// Asked as the walk goes (`TransitionEnumerator.isCancelled`): once it says yes, the walk
    /// stops and its results mean nothing (the caller must discard them).
    package var isCancelled: (@Sendable () -> Bool)?
    /// How far each walk may go (`TransitionEnumerator.budget`).
    package var budget = WalkBudget.unlimited

    /// A route with the default tag and key counts.
    package init(workers: Int? = nil) { self.workers = workers }

    /// Checks `lemma` on every tree within `bound`.
    package func run(_ lemma: LemmaSpec, bound: Bound) -> BoundedResult {
        run([lemma], bound: bound)[0]
    }

    /// What decides the cases a lemma is checked on and the states computed along them: lemmas
    /// with equal keys share one walk (`run(_:bound:)` over all of them).
    package struct CaseKey: Hashable, Sendable {
        var rules: RuleSet
        var bounds: Bounds
        var renderCount: Int
        var readsState: Bool
        var keepsSnapshots: Bool
    }

    /// The key of `lemma`'s cases within `bound`.
    package func caseKey(of lemma: LemmaSpec, bound: Bound) -> CaseKey {
        CaseKey(
            rules: lemma.rules.unnamed, bounds: bounds(for: lemma, bound: bound), renderCount: lemma.renders.count,
            readsState: lemma.statement.reads(.state) || !lemma.mutations.isEmpty, keepsSnapshots: !lemma.mutations.isEmpty)
    }

    /// Checks lemmas of one `CaseKey` on every tree within `bound`, in one walk: each result is the
    /// one a run of its lemma alone gives.
    package func run(_ lemmas: [LemmaSpec], bound: Bound) -> [BoundedResult] {
        guard let key = lemmas.first.map({ caseKey(of: $0, bound: bound) }) else { return [] }
        precondition(lemmas.allSatisfy { caseKey(of: $0, bound: bound) == key }, "lemmas of different case keys share no walk")
        var enumerator = TransitionEnumerator(bounds: key.bounds, workers: workers, renderCount: key.renderCount)
        enumerator.progress = progress
        enumerator.isCancelled = isCancelled
        enumerator.budget = budget
        let checks = lemmas.map(LemmaCheck.init)
        let results = enumerator.firstCounterexamples(
            checks: lemmas.count,
            start: { _ in
                Prefix(
                    runtime: key.readsState ? RuntimeState(rules: key.rules, keepsLog: false) : nil, keepsSnapshots: key.keepsSnapshots,
                    walks: RenderWalks(rules: key.rules))
            },
            extend: { prefix, render, slot in prefix.extended(by: render, rules: key.rules, slot: slot) },
            fails: { which, prefix, transition in checks[which].violatingChoice(in: transition, prefix: prefix) != nil },
            counterexample: { which, prefix, transition in
                guard let chosen = checks[which].violatingChoice(in: transition, prefix: prefix) else {
                    preconditionFailure("\(checks[which].lemma.name) holds on a case it failed")
                }
                return BoundedRoute.counterexample(of: checks[which].lemma, chosen: chosen, renders: transition.renders, prefix: prefix)
            })
        return results.map { result in
            let answer: BoundedResult.Answer = result.counterexample.map { .refuted($0) } ?? result.stop.map { .exhausted($0) } ?? .holds
            return BoundedResult(answer: answer, bounds: key.bounds, cases: result.cases, seconds: result.seconds)
        }
    }

    /// What the route enumerates for `lemma` within `bound`.
    package func bounds(for lemma: LemmaSpec, bound: Bound) -> Bounds {
        Bounds(
            depth: bound.depth, branching: bound.branching, viewTypes: viewTypes, modifierTypes: modifierTypes,
            keyValues: keyValues, steps: max(1, lemma.renders.count - 1), arbitraryRenders: lemma.anyProgram, twiceReadConditions: true)
    }

    /// A lemma as the walk checks it on each case: the choices of paths are searched in binder
    /// order, and an assumption is evaluated as soon as the paths it reads are bound, so a choice
    /// that makes it false is cut with everything below it. With mutations the states the paths
    /// hold are known only once every mutated path is bound: nothing is cut then.
    final class LemmaCheck: Sendable {
        let lemma: LemmaSpec
        /// The assumptions known once path `k` is bound (as one formula), at index `k`; those that
        /// read no path at 0; `nil` where there are none.
        let assumptionsAt: [LogicFormula?]
        /// What a whole choice must falsify: the conclusion when every assumption was checked on
        /// the way down, else the statement.
        let goal: LogicFormula

        init(_ lemma: LemmaSpec) {
            self.lemma = lemma
            var table = Array(repeating: [LogicFormula](), count: max(1, lemma.paths.count))
            if lemma.mutations.isEmpty {
                for assumption in lemma.assumptions { table[min(table.count - 1, assumption.lastPath ?? 0)].append(assumption) }
                goal = lemma.conclusion
            } else {
                goal = lemma.statement
            }
            assumptionsAt = table.map { $0.isEmpty ? nil : $0.count == 1 ? $0[0] : .and($0) }
        }

        /// The first choice of paths in `transition` that violates the lemma (a witness per path).
        func violatingChoice(in transition: TransitionCase, prefix: Prefix) -> [PathWitness]? {
            let renders = transition.renders
            let candidates = prefix.witnesses
            var chosen: [PathWitness] = []
            chosen.reserveCapacity(lemma.paths.count)
            // One run per choice of mutated views, whatever the other paths choose.
            var runs: [[Identity]: MutatedRun?] = [:]
            func holds(_ formula: LogicFormula?, _ witnesses: [PathWitness]) -> Bool {
                guard let formula else { return true }
                return TreeEvaluator(rules: lemma.rules, witnesses: witnesses, renderedIdentities: prefix.rendered).holds(formula)
            }
            func search(_ variable: Int) -> Bool {
                if variable == lemma.paths.count {
                    var witnesses = chosen
                    if !lemma.mutations.isEmpty {
                        let key = lemma.mutations.map { chosen[$0].path.identity }
                        if runs[key] == nil { runs[key] = .some(mutatedValues(chosen, lemma: lemma, renders: renders, prefix: prefix)) }
                        guard let run = runs[key] ?? nil, let mutated = run.witnesses(chosen, lemma: lemma) else { return false }
                        witnesses = mutated
                    }
                    return !holds(goal, witnesses)
                }
                // By index: a witness holds several arrays, and each copy retains them all.
                let views = candidates[lemma.paths[variable].render]
                for index in views.indices {
                    chosen.append(views[index])
                    if holds(assumptionsAt[variable], chosen), search(variable + 1) { return true }
                    chosen.removeLast()
                }
                return false
            }
            guard lemma.paths.isEmpty ? !holds(goal, []) && holds(assumptionsAt[0], []) : search(0) else { return nil }
            return chosen
        }
    }

    /// The counterexample of `chosen`, the choice of paths that violates `lemma` in `renders`.
    static func counterexample(of lemma: LemmaSpec, chosen: [PathWitness], renders: [Render], prefix: Prefix) -> Counterexample {
        if !lemma.mutations.isEmpty, let mutatedRun = runWithMutations(chosen, lemma: lemma, renders: renders),
            let witnesses = mutatedRun.witnesses(chosen, lemma: lemma)
        {
            return Counterexample(
                lemma: lemma, trees: renders, held: mutatedRun.held, witnesses: witnesses, log: mutatedRun.log,
                paths: zip(lemma.paths, witnesses).map { Replay.stateNote("\($0.name): \($1.path)", $1, lemma: lemma) },
                origin: .checker)
        }
        var runtime = RuntimeState(rules: lemma.rules)
        for render in renders { _ = try? runtime.render(render) }
        // The prefix's witnesses hold each render's views with the values the check saw.
        let held = prefix.witnesses.map { views in
            views.map { HeldState(path: $0.path, held: $0.state) }
        }
        return Counterexample(
            lemma: lemma, trees: renders, held: held, witnesses: chosen, log: runtime.log,
            paths: zip(lemma.paths, chosen).map { Replay.stateNote("\($0.name): \($1.path)", $1, lemma: lemma) },
            origin: .checker)
    }

    /// The renders of a case so far: the stateful paths of each with the state each holds, and the
    /// identities each renders. Without a runtime (the lemma does not read `.state`) the paths come
    /// straight from the tree walk; with one, from the dynamic layer, after setting every view of the
    /// first render to a value of its own.
    struct Prefix {
        var runtime: RuntimeState?
        /// Whether to keep `snapshots` (for a lemma with mutations).
        var keepsSnapshots = false
        /// The dynamic layer after each render (the first render's values set), where mutations start.
        var snapshots: [RuntimeState] = []
        /// Each render's walk, kept with `snapshots` (a mutated run renders from them again).
        var renderWalks: [RenderWalk] = []
        var witnesses: [[PathWitness]] = []
        var rendered: [Set<Identity>] = []
        /// The last render's `ForEach` instances, for the undefined-behaviour check of the tree walk.
        var forEaches: [ForEachInstance] = []
        /// The program's renders walked so far, shared by every prefix of its cases; `nil`: each
        /// render is walked when it extends a prefix.
        var walks: RenderWalks?

        /// The prefix with one more render, or `nil` when that render is undefined behaviour;
        /// `slot` is the render's slot in the walk (`TransitionEnumerator.firstCounterexamples`),
        /// which finds its walk in `walks`.
        func extended(by render: Render, rules: RuleSet, slot: Int? = nil) -> Prefix? {
            var next = self
            let generation = witnesses.count
            let walked = slot.flatMap { walks?.walked(render, slot: $0, generation: generation) }
                ?? RenderWalks.Walked(render, rules: rules, generation: generation)
            let added: [PathWitness]
            if var runtime {
                guard let report = try? runtime.render(render, walked: walked.walk) else { return nil }
                added = report.views.enumerated().map { offset, view in
                    guard generation == 0 else { return PathWitness(path: view.path, state: view.value, generation: generation) }
                    try? runtime.mutateState(.identity(view.path.identity), to: 100 + offset)
                    return PathWitness(path: view.path, state: 100 + offset, generation: generation)
                }
                next.runtime = runtime
                if keepsSnapshots {
                    next.snapshots.append(runtime)
                    next.renderWalks.append(walked.walk)
                }
            } else {
                // The same undefined-behaviour rules as the dynamic layer, without its store.
                guard RuntimeState.undefinedBehaviour(of: walked.walk, previousForEaches: self.forEaches, rules: rules) == nil
                else { return nil }
                next.forEaches = walked.walk.forEaches
                added = walked.initial
            }
            next.witnesses.append(added)
            next.rendered.append(walked.identities)
            return next
        }
    }
}
