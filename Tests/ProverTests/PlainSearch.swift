import IdentityModel
import LemmaLogic
import ModelChecker

@testable import Prover

/// The oracle the checker's shared walks are compared with: every case of a lemma, every binding of
/// its paths, the whole statement evaluated on each (no walk shared, nothing cut early).
enum PlainSearch {
    /// The first violation of `spec` among the cases of `key`, as the walk of it alone orders them.
    static func firstViolation(of spec: LemmaSpec, key: BoundedRoute.CaseKey) -> Prover.Counterexample? {
        let enumerator = TransitionEnumerator(bounds: key.bounds, workers: 1, renderCount: key.renderCount)
        return enumerator.firstCounterexample(
            start: { _ in BoundedRoute.Prefix(runtime: key.readsState ? RuntimeState(rules: spec.rules) : nil, keepsSnapshots: key.keepsSnapshots) },
            extend: { prefix, render in prefix.extended(by: render, rules: spec.rules) },
            check: { prefix, transition -> Prover.Counterexample? in
                var chosen: [PathWitness] = []
                func search(_ variable: Int) -> Bool {
                    if variable == spec.paths.count {
                        var witnesses = chosen
                        if !spec.mutations.isEmpty {
                            guard let run = BoundedRoute.mutatedValues(chosen, lemma: spec, renders: transition.renders, prefix: prefix),
                                let mutated = run.witnesses(chosen, lemma: spec)
                            else { return false }
                            witnesses = mutated
                        }
                        let evaluator = TreeEvaluator(rules: spec.rules, witnesses: witnesses, renderedIdentities: prefix.rendered)
                        return !evaluator.holds(spec.statement)
                    }
                    for witness in prefix.witnesses[spec.paths[variable].render] {
                        chosen.append(witness)
                        if search(variable + 1) { return true }
                        chosen.removeLast()
                    }
                    return false
                }
                guard search(0) else { return nil }
                return BoundedRoute.counterexample(of: spec, chosen: chosen, renders: transition.renders, prefix: prefix)
            }
        ).counterexample
    }
}
