import Encoding
import IdentityModel
import LemmaLogic

/// Replays a counterexample on trees: builds renders that realize the paths, runs them through the
/// dynamic layer, finds the paths again, and evaluates the lemma with the tree evaluator. Only a
/// counterexample that violates the lemma on trees is shown.
public enum Replay {
    /// Replays the solver's `paths` for `lemma`.
    public static func solverPaths(_ paths: [DecodedPath], lemma: LemmaSpec) throws -> Counterexample {
        let renders = try realize(paths, lemma: lemma)
        var runtime = RuntimeState(rules: lemma.rules)
        var witnesses = [PathWitness?](repeating: nil, count: paths.count)
        var namedRenders: [(String, String)] = []
        for (renderIndex, render) in renders.enumerated() {
            let report: RenderReport
            do { report = try runtime.render(render) } catch { throw ReplayError.undefinedBehaviour("\(error)") }
            namedRenders.append((lemma.renders[renderIndex], RenderPrinter.print(render)))
            for (variable, decoded) in paths.enumerated() where lemma.paths[variable].render == renderIndex {
                guard let view = report.views.first(where: { matches($0.path, decoded) })
                else { throw ReplayError.notViolated("no view of the realized render has the path \(decoded)") }
                var state = view.value
                if renderIndex == 0 {
                    try runtime.mutateState(.identity(view.path.identity), to: decoded.state)
                    state = decoded.state
                }
                witnesses[variable] = PathWitness(path: view.path, state: state, generation: report.generation)
            }
        }
        let bound = witnesses.compactMap { $0 }
        guard bound.count == paths.count else { throw ReplayError.unrealizable("a path variable was not bound") }
        guard !TreeEvaluator(rules: lemma.rules, witnesses: bound).holds(lemma.statement) else {
            let description = paths.map(\.description).joined(separator: "; ")
            // AnyView's erased type is a free number at the path level; the realized content has
            // its own type, so such a model may simply not fit a tree.
            if paths.contains(where: { $0.steps.contains { $0.kind == .anyView } }) {
                throw ReplayError.unrealizable("AnyView content types do not match: \(description)")
            }
            throw ReplayError.notViolated(description)
        }
        return Counterexample(
            renders: namedRenders, trees: renders, firstDifference: firstDifference(bound, lemma: lemma),
            trace: runtime.log.map(\.description), paths: paths.map(\.description), origin: "z3 model, replayed on trees"
        )
    }

    /// The realized path has the decoded steps, except AnyView's erased type, which the solver
    /// names only by a number and the realization reads off the content.
    private static func matches(_ path: ViewPath, _ decoded: DecodedPath) -> Bool {
        func withoutErased(_ steps: [PathStep]) -> [PathStep] {
            steps.map { step in
                var copy = step
                copy.erased = nil
                return copy
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

    private static func realizeRenders(_ paths: [DecodedPath], lemma: LemmaSpec) throws -> [Render] {
        let byRender = Dictionary(grouping: paths.indices, by: { lemma.paths[$0].render })
        guard byRender.values.allSatisfy({ $0.count == 1 }) else {
            throw ReplayError.unrealizable("two paths in one render are not realized yet")
        }
        switch lemma.renders.count {
        case 1:
            let path = paths[byRender[0]![0]]
            return [try Realization.realize(path.steps, leaf: path.leafType, initial: path.initial, label: path.name)]
        case 2:
            guard let first = byRender[0]?.first, let second = byRender[1]?.first else {
                throw ReplayError.unrealizable("each render needs a path")
            }
            let a = paths[first]
            let b = paths[second]
            let realization = try Realization(
                before: a.steps, beforeLeaf: a.leafType, beforeInitial: a.initial,
                after: b.steps, afterLeaf: b.leafType, afterInitial: b.initial, labels: (a.name, b.name))
            if !lemma.anyProgram && !realization.sharesProgram {
                throw ReplayError.unrealizable("the two paths do not fit one program")
            }
            return [realization.before, realization.after]
        default:
            throw ReplayError.unrealizable("lemmas over \(lemma.renders.count) renders are not realized yet")
        }
    }

    /// The first element where the identities of the first two paths differ, or that they agree.
    static func firstDifference(_ witnesses: [PathWitness], lemma: LemmaSpec) -> String? {
        guard witnesses.count >= 2 else { return nil }
        let a = witnesses[0].path.identity.elements
        let b = witnesses[1].path.identity.elements
        let nameA = lemma.paths[0].name
        let nameB = lemma.paths[1].name
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return "element \(index): \(a[index]) in \(nameA), \(b[index]) in \(nameB)"
        }
        if a.count != b.count {
            return "lengths differ: \(a.count) elements in \(nameA), \(b.count) in \(nameB)"
        }
        return "none: \(nameA) and \(nameB) have the same identity \(witnesses[0].path.identity)"
    }
}
