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
        var renders = [transition.before]
        if lemma.renders.count == 2 { renders.append(transition.after) }
        guard let candidates = witnesses(of: renders, lemma: lemma, readsState: readsState) else { return nil }
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
        var runtime = RuntimeState(rules: lemma.rules)
        for render in renders { _ = try? runtime.render(render) }
        return Counterexample(
            renders: zip(lemma.renders, renders).map { ($0, RenderPrinter.print($1)) }, trees: renders,
            firstDifference: Replay.firstDifference(chosen, lemma: lemma), trace: runtime.log.map(\.description),
            paths: zip(lemma.paths, chosen).map { "\($0.name): \($1.path)" }, origin: "explicit-state checker")
    }

    /// The stateful paths of each render with the state each holds, or `nil` for undefined renders.
    /// Without `.state` in the lemma the paths come straight from the tree walk; with it, from the
    /// dynamic layer, after setting every view of the first render to a value of its own.
    private static func witnesses(of renders: [Render], lemma: LemmaSpec, readsState: Bool) -> [[PathWitness]]? {
        guard readsState else {
            var result: [[PathWitness]] = []
            for (generation, render) in renders.enumerated() {
                let paths = render.statefulPaths(rules: lemma.rules, generation: generation)
                guard Set(paths.map(\.identity)).count == paths.count else { return nil }
                result.append(paths.map { PathWitness(path: $0, state: $0.initial, generation: generation) })
            }
            return result
        }
        var runtime = RuntimeState(rules: lemma.rules)
        var result: [[PathWitness]] = []
        for (index, render) in renders.enumerated() {
            guard let report = try? runtime.render(render) else { return nil }
            var witnesses: [PathWitness] = []
            for (offset, view) in report.views.enumerated() {
                var state = view.value
                if index == 0 {
                    state = 100 + offset
                    try? runtime.mutateState(.identity(view.path.identity), to: state)
                }
                witnesses.append(PathWitness(path: view.path, state: state, generation: report.generation))
            }
            result.append(witnesses)
        }
        return result
    }
}
