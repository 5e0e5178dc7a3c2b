import IdentityModel
import Invalidation
import LemmaLogic

/// A refutation a person can read: the renders as SwiftUI-like code, the state every view holds
/// after each render, the views the lemma's paths name, the first path element where their
/// identities differ, the render where it goes wrong, and the lifecycle trace. It has been
/// replayed on trees by the explicit-state semantics before anyone sees it.
package struct Counterexample: Sendable {
    /// The render names of the lemma, with each render's code.
    package var renders: [(name: String, code: String)]
    /// The renders themselves (for pictures).
    package var trees: [Render]
    /// "element 2: arm(true) in p, arm(false) in q", or nil when there are not two paths or their
    /// identities agree.
    package var firstDifference: String?
    /// The lifecycle events of the replay, oldest first, as text.
    package var trace: [String]
    /// The paths as the solver (or the checker) found them.
    package var paths: [String]
    /// Which route found it.
    package var origin: Origin
    /// Per render, every stateful view's `initialValue` and held value after it.
    package var held: [[HeldState]] = []
    /// The views the lemma's path variables name.
    package var bound: [BoundView] = []
    /// The render where it goes wrong.
    package var failure: FailurePoint?
    /// The element index of `firstDifference`, when there is one.
    package var differingElement: Int?
    /// The lifecycle events of the replay, oldest first.
    package var events: [LifecycleEvent] = []
    /// A scenario's checks that failed on these renders.
    package var failedChecks: [FailedCheck] = []
    /// An invalidation counterexample's view trees, one per entry of `renders` (`trees` is then empty).
    package var viewTrees: [ViewNode] = []
    /// An invalidation counterexample's views the path variables name, at each transition.
    package var verdicts: [ViewVerdict] = []
    /// An invalidation counterexample's links and what `BodyEvaluator` did with them, per path
    /// per transition: what the lemma's formulas are evaluated on (`WrittenFormulaCheck`).
    package var histories: (links: [[ViewLink]], observations: [[ViewLinkObservation]])?

    /// Which route found a counterexample; the raw value is what reports print.
    package enum Origin: String, Sendable {
        case z3 = "z3 model, replayed on trees"
        case checker = "explicit-state checker"
        case scenario
    }
}

extension Counterexample {
    /// A counterexample from its parts, as a scenario run or an invalidation replay gives them.
    package init(
        renders: [(name: String, code: String)], trees: [Render], firstDifference: String?, trace: [String], paths: [String],
        origin: Origin, held: [[HeldState]] = [], bound: [BoundView] = [], failure: FailurePoint? = nil,
        differingElement: Int? = nil, events: [LifecycleEvent] = [], failedChecks: [FailedCheck] = [],
        viewTrees: [ViewNode] = [], verdicts: [ViewVerdict] = []
    ) {
        self.renders = renders
        self.trees = trees
        self.firstDifference = firstDifference
        self.trace = trace
        self.paths = paths
        self.origin = origin
        self.held = held
        self.bound = bound
        self.failure = failure
        self.differingElement = differingElement
        self.events = events
        self.failedChecks = failedChecks
        self.viewTrees = viewTrees
        self.verdicts = verdicts
    }

    /// A lemma's counterexample on `trees`: `held` per render, `witnesses` bound to the lemma's
    /// path variables, the lifecycle `log` of the replay, the solver's or checker's `paths`.
    package init(
        lemma: LemmaSpec, trees: [Render], held: [[HeldState]], witnesses: [PathWitness], log: [LifecycleEvent],
        paths: [String], origin: Origin
    ) {
        // A leaf the checker enumerated has no label: it gets its variable's, so that it can be marked.
        var trees = trees
        var witnesses = witnesses
        for (index, (path, witness)) in zip(lemma.paths, witnesses).enumerated() where witness.path.label == nil {
            guard trees.indices.contains(path.render) else { continue }
            if let labelled = trees[path.render].labelling(along: witness.path.steps, path.name) { trees[path.render] = labelled }
            witnesses[index].path.label = trees[path.render].statefulPaths(rules: lemma.rules, generation: path.render)
                .first { $0.steps == witness.path.steps }?.label
        }
        renders = zip(lemma.renders, trees).map { ($0, RenderPrinter.print($1)) }
        self.trees = trees
        trace = log.map(\.description)
        events = log
        self.paths = paths
        self.origin = origin
        self.held = held
        bound = zip(lemma.paths, witnesses).map { BoundView(variable: $0.name, render: $0.render, witness: $1) }
        (differingElement, firstDifference) = Self.difference(bound)
        failure = FailurePoint.locate(bound: bound, log: log, held: held, renderCount: trees.count)
    }

    /// The first element where the identities of the first two bound views differ.
    package static func difference(_ bound: [BoundView]) -> (Int?, String?) {
        guard bound.count >= 2 else { return (nil, nil) }
        let (p, q) = (bound[0], bound[1])
        let a = p.identity.elements
        let b = q.identity.elements
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return (index, "element \(index): \(a[index]) in \(p.variable), \(b[index]) in \(q.variable)")
        }
        if a.count != b.count {
            let index = min(a.count, b.count)
            return (index, "lengths differ: \(a.count) elements in \(p.variable), \(b.count) in \(q.variable)")
        }
        return (nil, nil)
    }

    /// The held states after each render of `runtime`'s reports, read from its store after any
    /// mutation that followed the render.
    package static func heldStates(_ report: RenderReport, store: [Identity: StateCell]) -> [HeldState] {
        report.views.map { HeldState(path: $0.path, held: store[$0.path.identity]?.value ?? $0.value, outcome: $0.outcome) }
    }
}
