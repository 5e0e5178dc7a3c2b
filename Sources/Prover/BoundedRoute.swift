import Foundation
import IdentityModel
import LemmaLogic
import ModelChecker

/// What the explicit-state route said about a lemma.
public struct BoundedResult: Sendable {
    public enum Answer: Sendable {
        /// No tree within the bounds violates the lemma.
        case holds
        /// A tree within the bounds violates it.
        case refuted(Counterexample)
        /// The lemma is outside what the checker enumerates (the reason).
        case inapplicable(String)
    }

    public var answer: Answer
    public var bounds: Bounds
    /// (program, before, after) triples examined.
    public var cases: Int
    public var seconds: Double
}

/// The independent route: every program and pair of renders within bounds, every choice of paths,
/// the lemma evaluated on the trees with `TreeEvaluator`. No solver is involved.
public struct BoundedRoute: Sendable {
    public var viewTypes = 2
    public var modifierTypes = 2
    public var keyValues = 2
    public var workers: Int?

    /// A route with the default tag and key counts.
    public init(workers: Int? = nil) { self.workers = workers }

    /// Checks `lemma` on every tree within `bound`.
    public func run(_ lemma: LemmaSpec, bound: Bound) -> BoundedResult {
        let bounds = Bounds(
            depth: bound.depth, branching: bound.branching, viewTypes: viewTypes, modifierTypes: modifierTypes,
            keyValues: keyValues, steps: 1, arbitraryRenders: lemma.anyProgram, twiceReadConditions: true)
        guard lemma.renders.count <= 2 else {
            return BoundedResult(
                answer: .inapplicable("the checker enumerates transitions between two renders"), bounds: bounds, cases: 0, seconds: 0)
        }
        let readsState = lemma.statement.reads(.state)
        let result = TransitionEnumerator(bounds: bounds, workers: workers).firstCounterexample { transition in
            Self.violation(of: lemma, in: transition, readsState: readsState)
        }
        let answer: BoundedResult.Answer = result.counterexample.map { .refuted($0) } ?? .holds
        return BoundedResult(answer: answer, bounds: bounds, cases: result.cases, seconds: result.seconds)
    }

    /// Why the enumeration within some bound does not cover every path the lemma can tell apart, or
    /// `nil` when it does (then exhausting the cutoff is a proof, Proofs/README.md Theorem 6).
    public func coverageGap(of lemma: LemmaSpec) -> String? {
        let bounds = Bounds(viewTypes: viewTypes, modifierTypes: modifierTypes, keyValues: keyValues)
        for term in lemma.statement.terms {
            switch term {
            case .container(let container) where ![.VStack, .LazyVStack].contains(container):
                return "the checker enumerates VStack and LazyVStack only, not \(container)"
            case .modifier(let modifier) where !bounds.modifierTags.contains(modifier):
                return "the checker does not enumerate the modifier \(modifier)"
            case .viewType(let type) where !bounds.viewTypeTags.contains(type):
                return "the checker does not enumerate the view type \(type)"
            case .source(.keyPath):
                return "the checker enumerates key-path ForEach as Identifiable"
            case .stepField(_, _, .erased):
                return "AnyView's wrapped type does not vary within one program in the checker"
            default: continue
            }
        }
        return nil
    }

    /// The first choice of paths in `transition` that violates `lemma`, as a counterexample.
    static func violation(of lemma: LemmaSpec, in transition: TransitionCase, readsState: Bool) -> Counterexample? {
        var runtime = RuntimeState(rules: lemma.rules)
        guard let first = try? runtime.render(transition.before) else { return nil }
        var beforeWitnesses: [PathWitness] = []
        for (index, view) in first.views.enumerated() {
            let mutated = 100 + index
            if readsState { try? runtime.mutateState(.identity(view.path.identity), to: mutated) }
            beforeWitnesses.append(PathWitness(path: view.path, state: readsState ? mutated : view.value, generation: first.generation))
        }
        var renders = [transition.before]
        var candidates = [beforeWitnesses]
        if lemma.renders.count == 2 {
            guard let second = try? runtime.render(transition.after) else { return nil }
            candidates.append(second.views.map { PathWitness(path: $0.path, state: $0.value, generation: second.generation) })
            renders.append(transition.after)
        }
        var chosen: [PathWitness] = []
        func search(_ variable: Int) -> Bool {
            if variable == lemma.paths.count {
                return !TreeEvaluator(rules: lemma.rules, witnesses: chosen).holds(lemma.statement)
            }
            for witness in candidates[lemma.paths[variable].render] {
                chosen.append(witness)
                if search(variable + 1) { return true }
                chosen.removeLast()
            }
            return false
        }
        guard search(0) else { return nil }
        return Counterexample(
            renders: zip(lemma.renders, renders).map { ($0, RenderPrinter.print($1)) }, trees: renders,
            firstDifference: Replay.firstDifference(chosen, lemma: lemma), trace: runtime.log.map(\.description),
            paths: zip(lemma.paths, chosen).map { "\($0.name): \($1.path)" }, origin: "explicit-state checker")
    }
}
