import Encoding
import IdentityModel
import LemmaLogic

/// Replays a counterexample on trees: builds renders that realize the paths, runs them through the
/// dynamic layer, finds the paths again, and evaluates the lemma with the tree evaluator. Only a
/// counterexample that violates the lemma on trees is shown.
package enum Replay {
    /// Replays the solver's `paths` for `lemma`.
    package static func solverPaths(_ paths: [DecodedPath], lemma: LemmaSpec) throws -> Counterexample {
        let renders = try realize(paths, lemma: lemma)
        var runtime = RuntimeState(rules: lemma.rules)
        var witnesses = [PathWitness?](repeating: nil, count: paths.count)
        var held: [[HeldState]] = []
        var renderedIdentities: [Set<Identity>] = []
        for (renderIndex, render) in renders.enumerated() {
            let report: RenderReport
            do { report = try runtime.render(render) } catch { throw ReplayError.undefinedBehaviour("\(error)") }
            renderedIdentities.append(Set(report.views.map(\.path.identity)))
            if renderIndex == 0 {
                try setFirstRenderStates(paths, lemma: lemma, renders: renders, report: report, runtime: &runtime)
            }
            for (variable, decoded) in paths.enumerated() where lemma.paths[variable].render == renderIndex {
                guard let view = report.views.first(where: { matches($0.path, decoded) })
                else { throw ReplayError.notViolated("no view of the realized render has the path \(decoded)") }
                var state = view.value
                if renderIndex == 0 {
                    try runtime.mutateState(.identity(view.path.identity), to: decoded.state)
                    state = decoded.state
                }
                witnesses[variable] = PathWitness(path: view.path, state: state, generation: report.generation, set: decoded.set)
            }
            try applyMutations(after: renderIndex, witnesses, lemma: lemma, runtime: &runtime)
            held.append(Counterexample.heldStates(report, store: runtime.store))
        }
        let bound = witnesses.compactMap { $0 }
        guard bound.count == paths.count else { throw ReplayError.unrealizable("a path variable was not bound") }
        let evaluator = TreeEvaluator(rules: lemma.rules, witnesses: bound, renderedIdentities: renderedIdentities)
        guard !evaluator.holds(lemma.statement) else {
            let description = paths.map(\.description).joined(separator: "; ")
            // AnyView's erased type is free at the path level, and with Encoding's ContentTypes
            // still in what the paths do not pass (a tuple's other children, the arm not taken);
            // the realized content has its own type, so such a model may simply not fit a tree.
            if paths.contains(where: { $0.steps.contains { $0.kind == .anyView } }) {
                throw ReplayError.erasedTypes(description)
            }
            // Which other views a render holds is free at the path level; minimal renders may hold
            // fewer (or more) than the model's store assumed.
            for (variable, decoded) in paths.enumerated() where lemma.readsStore {
                let actual = renderedIdentities.map { $0.contains(bound[variable].path.identity) }
                if actual != decoded.rendered {
                    throw ReplayError.unrealizable("\(decoded.name) is rendered in \(actual) on trees, \(decoded.rendered) in the model")
                }
                // And so is the initialValue a render no path is bound in passes (FINDINGS.md 4).
                let initials = renders.enumerated().map { index, render in
                    render.statefulPaths(rules: lemma.rules, generation: index)
                        .first(where: { $0.identity == bound[variable].path.identity })?.initial
                }
                if initials != decoded.initials {
                    throw ReplayError.unrealizable(
                        "\(decoded.name)'s initialValue is \(initials.map(Self.spelling)) on trees, \(decoded.initials.map(Self.spelling)) in the model")
                }
                // So is whether a render keeps the lazy container whose cache retains the state.
                if let container = bound[variable].path.lazyContainer {
                    let kept = renders.enumerated().map { index, render in
                        render.walked(rules: lemma.rules, generation: index).lazyContainers.contains(container)
                    }
                    if kept != decoded.cacheKept {
                        throw ReplayError.unrealizable("\(decoded.name)'s lazy container is rendered in \(kept) on trees, \(decoded.cacheKept) in the model")
                    }
                }
            }
            throw ReplayError.notViolated(description)
        }
        return Counterexample(
            lemma: lemma, trees: renders, held: held, witnesses: bound, log: runtime.log,
            paths: zip(paths, bound).map { stateNote($0.description, $1, lemma: lemma) }, origin: .z3)
    }

    /// `mutate p`: right after the render `p` is bound in, its state is set to the model's value.
    static func applyMutations(after render: Int, _ witnesses: [PathWitness?], lemma: LemmaSpec, runtime: inout RuntimeState) throws {
        for variable in lemma.mutations where lemma.paths[variable].render == render {
            guard let witness = witnesses[variable], let value = witness.set else {
                throw ReplayError.unrealizable("the model sets no value for the mutation of \(lemma.paths[variable].name)")
            }
            try runtime.mutateState(.identity(witness.path.identity), to: value)
        }
    }

    private static func spelling(_ value: Int?) -> String { value.map(String.init) ?? "-" }

    /// The first render's states of the views that paths bound in later renders have, as the model's
    /// store holds them: the dynamic layer starts every view at its `initialValue`, the path level
    /// lets the first render hold any value (the view was mutated).
    private static func setFirstRenderStates(
        _ paths: [DecodedPath], lemma: LemmaSpec, renders: [Render], report: RenderReport, runtime: inout RuntimeState
    ) throws {
        for (variable, decoded) in paths.enumerated() {
            let bound = lemma.paths[variable].render
            guard bound > 0, let value = decoded.firstRenderState,
                let path = renders[bound].statefulPaths(rules: lemma.rules, generation: bound).first(where: { matches($0, decoded) }),
                report.views.contains(where: { $0.path.identity == path.identity })
            else { continue }
            try runtime.mutateState(.identity(path.identity), to: value)
        }
    }

    /// A path's line in a report, with the values of its state when the lemma reads them (the renders
    /// show `initialValue` only; the first render's state was set by a mutation), and the value a
    /// `mutate` sets it to after its render.
    static func stateNote(_ line: String, _ witness: PathWitness, lemma: LemmaSpec) -> String {
        let mutation = witness.set.map { ", then set to \($0)" } ?? ""
        guard lemma.statement.reads(.state) || lemma.statement.reads(.initial) || !mutation.isEmpty else { return line }
        return "\(line)  (initial \(witness.path.initial), state \(witness.state)\(mutation))"
    }

    /// The realized path has the decoded steps, except AnyView's erased type, which the solver
    /// names only by a number and the realization reads off the content.
    private static func matches(_ path: ViewPath, _ decoded: DecodedPath) -> Bool {
        func withoutErased(_ steps: [PathStep]) -> [PathStep] {
            steps.map { step in
                if case .anyView = step { .anyView(erased: .anyView) } else { step }
            }
        }
        return path.leafType == decoded.leafType && withoutErased(path.steps) == withoutErased(decoded.steps)
    }

    private static func realize(_ paths: [DecodedPath], lemma: LemmaSpec) throws -> [Render] {
        do {
            return try realizeRenders(paths, lemma: lemma)
        } catch let error as RealizationError {
            throw ReplayError.unrealizable("\(error)")
        }
    }

    /// Renders for every render of the lemma: the ones paths are bound in realize all of their paths
    /// in one tree each (one program for all, unless the lemma allows any program); each other one
    /// is the first render of the program (a bound render, or one with a single dynamic choice
    /// switched) whose views have the identities the model says are rendered there, or a bound
    /// render when none has (the tree evaluation decides).
    private static func realizeRenders(_ paths: [DecodedPath], lemma: LemmaSpec) throws -> [Render] {
        let specs = paths.enumerated().map { variable, path in
            RealizationSpec(
                steps: path.steps, leaf: path.leafType, initial: path.initial, label: path.name,
                render: lemma.paths[variable].render)
        }
        var realized = try Realization.realize(specs, renderCount: lemma.renders.count, oneProgram: !lemma.anyProgram)
        let boundRenders = Set(lemma.paths.map(\.render)).sorted()
        guard boundRenders.count < lemma.renders.count, !lemma.anyProgram else { return realized }
        let identities = try paths.indices.map { variable -> Identity in
            let render = lemma.paths[variable].render
            guard let path = realized[render].statefulPaths(rules: lemma.rules, generation: render)
                .first(where: { matches($0, paths[variable]) })
            else { throw ReplayError.unrealizable("the realized render has no view with the path \(paths[variable])") }
            return path.identity
        }
        let bases = boundRenders.map { realized[$0] }
        let candidates = bases + bases.flatMap(\.singleSwitches)
        for render in lemma.renders.indices where !boundRenders.contains(render) {
            let wanted = paths.map { $0.rendered[render] }
            let fitting = candidates.first(where: { candidate in
                let present = Set(candidate.statefulPaths(rules: lemma.rules, generation: render).map(\.identity))
                return identities.map(present.contains) == wanted
            })
            if let fitting { realized[render] = fitting.withInitialValues(paths, identities: identities, render: render, rules: lemma.rules) }
        }
        return realized
    }
}

extension Render {
    /// The render passing the model's `initialValue` to each view that has a path variable's
    /// identity: renders no path is bound in take theirs from the model, not from the bound render
    /// they were copied from (FINDINGS.md 4).
    fileprivate func withInitialValues(_ paths: [DecodedPath], identities: [Identity], render: Int, rules: RuleSet) -> Render {
        var result = self
        for (variable, decoded) in paths.enumerated() {
            guard decoded.initials.indices.contains(render), let value = decoded.initials[render],
                let path = result.statefulPaths(rules: rules, generation: render).first(where: { $0.identity == identities[variable] }),
                let changed = result.settingInitialValue(value, along: path.steps[...])
            else { continue }
            result = changed
        }
        return result
    }
}
