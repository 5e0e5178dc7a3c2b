import IdentityModel
import LemmaLogic

/// `mutate p` on the checker's trees: the renders run again with the chosen views' states set
/// right after their renders, which changes what later renders hold.
extension BoundedRoute {
    /// A case's renders run with one choice of mutated views.
    struct MutatedRun {
        /// The store after each render (before that render's mutations): each identity's state.
        var values: [[Identity: StateCell]]
        var held: [[HeldState]]
        var log: [LifecycleEvent]

        /// `chosen` with the states they hold in this run, and the values set for mutated paths.
        func witnesses(_ chosen: [PathWitness], lemma: LemmaSpec) -> [PathWitness]? {
            var result = chosen
            for variable in result.indices {
                guard let value = values[lemma.paths[variable].render][result[variable].path.identity]?.value else { return nil }
                result[variable].state = value
            }
            for variable in lemma.mutations { result[variable].set = BoundedRoute.checkerSetValue(variable) }
            return result
        }
    }

    /// The value the checker sets mutated path `variable` to: one value, unlike every value the
    /// first render sets (`100 + offset`) and every `initialValue` it enumerates. The checker never
    /// proves, so trying one value is a bounded search like the rest; Z3 chooses any value.
    static func checkerSetValue(_ variable: Int) -> Int { 1000 + variable }

    /// The values of `runWithMutations` without its reports: the renders from the first one with a
    /// mutation on, started from the prefix's snapshot of the dynamic layer after that render.
    static func mutatedValues(_ chosen: [PathWitness], lemma: LemmaSpec, renders: [Render], prefix: Prefix) -> MutatedRun? {
        guard let first = lemma.mutations.map({ lemma.paths[$0].render }).min(), prefix.snapshots.count == renders.count
        else { return runWithMutations(chosen, lemma: lemma, renders: renders) }
        var run = MutatedRun(values: prefix.snapshots[...first].map(\.store), held: [], log: [])
        var runtime = prefix.snapshots[first]
        for index in first..<renders.count {
            if index > first {
                guard (try? runtime.render(renders[index], walked: prefix.renderWalks[index])) != nil else { return nil }
                run.values.append(runtime.store)
            }
            for variable in lemma.mutations where lemma.paths[variable].render == index {
                let target = StateTarget.identity(chosen[variable].path.identity)
                guard (try? runtime.mutateState(target, to: checkerSetValue(variable))) != nil else { return nil }
            }
        }
        return run
    }

    /// `renders` run with every path the lemma mutates (bound to the views in `chosen`) set to
    /// `checkerSetValue` right after its render, or `nil` when a render is undefined behaviour.
    static func runWithMutations(_ chosen: [PathWitness], lemma: LemmaSpec, renders: [Render]) -> MutatedRun? {
        var runtime = RuntimeState(rules: lemma.rules)
        var run = MutatedRun(values: [], held: [], log: [])
        for (index, render) in renders.enumerated() {
            guard let report = try? runtime.render(render) else { return nil }
            if index == 0 {
                // The same first-render values as `Prefix.extended`.
                for (offset, view) in report.views.enumerated() {
                    try? runtime.mutateState(.identity(view.path.identity), to: 100 + offset)
                }
            }
            run.values.append(runtime.store)
            for variable in lemma.mutations where lemma.paths[variable].render == index {
                let target = StateTarget.identity(chosen[variable].path.identity)
                guard (try? runtime.mutateState(target, to: checkerSetValue(variable))) != nil else { return nil }
            }
            run.held.append(Counterexample.heldStates(report, store: runtime.store))
        }
        run.log = runtime.log
        return run
    }
}
